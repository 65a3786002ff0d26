/// A list view whose data source an updater can be, making its cells with a cell provider:
/// `UITableView`, `UICollectionView` and `NSCollectionView` on their platforms, and
/// `SimulatedListView` in tests.
///
/// A view of your own conforms by making `source` its data source, asking it for the counts,
/// the cells and the headers and footers, and telling it of the user's moves.
@MainActor
public protocol CellProvidingListView: ListView {
  /// The type of the view's cells.
  associatedtype Cell
  /// The type of what the view shows as a header or footer (a table view's title, a
  /// collection view's supplementary view).
  associatedtype SupplementaryView

  /// Makes `source` the view's data source.
  ///
  /// - Parameter source: Answers the view's data-source questions; the updater keeps it.
  /// - Returns: An object the updater keeps alive as long as it lives (a view that holds its
  ///   data source weakly, as UIKit's do, gets its bridge kept), or `nil`.
  func useListDataSource(_ source: ListDataSource<Cell, SupplementaryView>) -> AnyObject?
}
