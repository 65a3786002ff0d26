/// What an updater answers as the data source of a view of rows and columns.
///
/// The row count, the cell views from its cell provider, the row views from its row-view
/// provider, and the user's drops. The updater makes it; the view asks it. A
/// `SectionedListUpdater`'s shows each section as its header, a group row, followed by its items.
///
/// Everything is read from what the updater's view shows (its `items`), so that inside a batch
/// the view gets the new data.
@MainActor
public final class ListRowDataSource<Column, CellView, RowView> {
  /// The answers, each reading the updater (held weakly: once it is gone, the view is empty).
  struct Answers {
    var numberOfRows: () -> Int
    var item: (Int) -> Any?
    var cellView: (Column, Int) -> CellView?
    var rowView: ((Int) -> RowView?)?
    var canMoveRow: (Int) -> Bool
    /// Takes a move of rows; `false` when the destination holds no item (above every section).
    var moveRow: (_ from: Int, _ to: Int) -> Bool
    /// The rows of the sections, for a sectioned list; `nil` for a flat one.
    var groupRows: (() -> ListGroupRows)? = nil
    /// A section's value.
    var section: (Int) -> Any? = { _ in nil }
    /// The view of a section's header, at its row.
    var headerView: ((Int) -> CellView?)? = nil
  }

  private let answers: Answers

  init(_ answers: Answers) { self.answers = answers }

  /// The number of rows the view shows.
  ///
  /// - Complexity: O(1).
  public var numberOfRows: Int { answers.numberOfRows() }

  /// The item of a row of what the view shows, for a view that needs the value itself.
  ///
  /// - Parameter row: A row index.
  /// - Returns: The item, or `nil` outside what is shown.
  public func item(atRow row: Int) -> Any? { answers.item(row) }

  /// The cell view for a row and column, from the updater's cell provider.
  ///
  /// - Parameters:
  ///   - column: One of the view's columns.
  ///   - row: A row of what the view shows.
  /// - Returns: The view, or `nil` when the row is outside what is shown or the updater is gone.
  public func cellView(for column: Column, row: Int) -> CellView? { answers.cellView(column, row) }

  /// The row view for a row, from the updater's row-view provider.
  ///
  /// - Parameter row: A row of what the view shows.
  /// - Returns: The row view, or `nil` without a row-view provider or outside what is shown (the
  ///   view then makes its own).
  public func rowView(forRow row: Int) -> RowView? { answers.rowView?(row) }

  /// Whether the updater has a row-view provider.
  public var hasRowViews: Bool { answers.rowView != nil }

  /// Whether a row shows a section's header (a group row, in NSTableView's terms).
  ///
  /// - Parameter row: A row of what the view shows.
  /// - Returns: `true` for a header row of a sectioned list; `false` otherwise.
  /// - Complexity: O(*s*) for *s* sections.
  public func isGroupRow(_ row: Int) -> Bool {
    guard case .header = answers.groupRows?().content(ofRow: row) else { return false }
    return true
  }

  /// The view of a section's header, from the updater's section-header provider.
  ///
  /// - Parameter row: The header's row.
  /// - Returns: The view, or `nil` for a row that shows no header.
  public func headerView(forRow row: Int) -> CellView? {
    guard isGroupRow(row) else { return nil }
    return answers.headerView?(row)
  }

  /// The rows of a sectioned list's sections, or `nil` for a flat list.
  package var groupRows: ListGroupRows? { answers.groupRows?() }

  /// The value of a section of a sectioned list, for a view that needs it.
  package func section(at index: Int) -> Any? { answers.section(index) }

  /// Whether the user may drag the item of a row: the updater's
  /// `reorderingHandlers.canReorderItem` says.
  ///
  /// - Parameter row: A row of what the view shows.
  /// - Returns: `false` without a `canReorderItem` handler, or outside what is shown.
  public func canMoveRow(_ row: Int) -> Bool { answers.canMoveRow(row) }

  /// Takes a row the user dropped above another, as AppKit's table view reports a drop (the
  /// view has not moved anything yet): the updater's items change and its `reorderingHandlers`
  /// hear of it, then the view must show the move it returns.
  ///
  /// - Parameters:
  ///   - row: The dragged row.
  ///   - proposedRow: The row it was dropped above, counted before the move; the row count drops
  ///     it at the end.
  /// - Returns: The move's destination, in the data after it, for the view's
  ///   `moveRow(at:to:)`; `nil` when nothing moves (dropped where it was, outside what is shown,
  ///   above every section, or a row the reordering handlers do not let move).
  /// - Complexity: O(*n*), and a diff of the two orders.
  package func moveRow(_ row: Int, droppedAbove proposedRow: Int) -> Int? {
    let count = numberOfRows
    guard (0..<count).contains(row), (0...count).contains(proposedRow), canMoveRow(row) else {
      return nil
    }
    // The row's own removal shifts the places after it up by one.
    let destination = proposedRow > row ? proposedRow - 1 : proposedRow
    guard destination != row, answers.moveRow(row, destination) else { return nil }
    return destination
  }
}
