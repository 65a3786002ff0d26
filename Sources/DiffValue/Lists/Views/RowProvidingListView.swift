/// A list view of one section whose cells an updater can make row by row and column by column:
/// AppKit's `NSTableView` on macOS, and `SimulatedListView` in tests.
///
/// A view of your own conforms by making `source` its data source (and whatever asks it for
/// cell views), asking it for the row count, the cell views and the row views, and telling it of
/// the user's drops.
@MainActor
public protocol RowProvidingListView: ListView {
  /// The type of the view's columns, which the cell provider is given.
  associatedtype Column
  /// The type of the view's cell views: one per row and column.
  associatedtype CellView
  /// The type of the view that holds a row's cell views.
  associatedtype RowView

  /// Makes `source` the view's data source.
  ///
  /// - Parameter source: Answers the view's questions; the updater keeps it.
  /// - Returns: An object the updater keeps alive as long as it lives (the bridge a view that
  ///   holds its data source weakly points to), or `nil`.
  func useListRowDataSource(_ source: ListRowDataSource<Column, CellView, RowView>) -> AnyObject?
}
