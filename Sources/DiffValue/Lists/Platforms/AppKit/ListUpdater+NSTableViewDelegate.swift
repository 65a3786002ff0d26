#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  // A table view delegate of the app's own stays the table view's: it hands the two questions
  // about views to the updater, which answers them from its providers.

  extension ListUpdater {
    /// The cell view the updater's cell provider makes for a column at a row: what a table view
    /// delegate of your own returns from its `tableView(_:viewFor:row:)`.
    ///
    /// An updater created with a row-and-column cell provider leaves a delegate of yours in
    /// place (it becomes the delegate only of a table view that has none), and a view-based
    /// table view asks its delegate for cell views: hand the question on.
    ///
    /// ```swift
    /// func tableView(
    ///   _ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int
    /// ) -> NSView? {
    ///   updater.tableView(tableView, viewFor: tableColumn, row: row)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - tableView: The table view that asks.
    ///   - tableColumn: The column; `nil` for a group row, which a flat list does not have.
    ///   - row: The row.
    /// - Returns: The cell view, or `nil` when the updater was not created with a
    ///   row-and-column cell provider, or the row is not shown.
    public func tableView(
      _ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int
    ) -> NSView? {
      tableBridge?.tableView(tableView, viewFor: tableColumn, row: row)
    }

    /// The row view the updater's row-view provider makes for a row: what a table view delegate
    /// of your own returns from its `tableView(_:rowViewForRow:)`, if it implements it.
    ///
    /// - Parameters:
    ///   - tableView: The table view that asks.
    ///   - row: The row.
    /// - Returns: The row view, or `nil` for the table view's own (no row-view provider, or it
    ///   returned `nil`).
    public func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
      tableBridge?.tableView(tableView, rowViewForRow: row)
    }

    /// The bridge made for a table view's rows and columns, if the updater has one.
    private var tableBridge: TableViewListDataSource? {
      dataSource?.bridge as? TableViewListDataSource
    }
  }
#endif
