#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  // A table view delegate of the app's own stays the table view's: it hands the questions about
  // views and group rows to the updater, which answers them from its providers and sections.

  extension SectionedListUpdater {
    /// The view the updater's providers make for a column at a row: what a table view delegate
    /// of your own returns from its `tableView(_:viewFor:row:)`.
    ///
    /// It is an item's cell view, or, for a group row (`tableColumn` is `nil`), its section's
    /// header view.
    ///
    /// - Parameters:
    ///   - tableView: The table view that asks.
    ///   - tableColumn: The column; `nil` for a group row.
    ///   - row: The row.
    /// - Returns: The view, or `nil` when the updater was not created with a row-and-column
    ///   cell provider, or the row is not shown.
    public func tableView(
      _ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int
    ) -> NSView? {
      tableBridge?.tableView(tableView, viewFor: tableColumn, row: row)
    }

    /// Whether a row is a section's header, which the table view draws as a group row: what a
    /// table view delegate of your own returns from its `tableView(_:isGroupRow:)`.
    ///
    /// ```swift
    /// func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
    ///   updater.tableView(tableView, isGroupRow: row)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - tableView: The table view that asks.
    ///   - row: The row.
    /// - Returns: `true` for a section's header row.
    public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
      tableBridge?.tableView(tableView, isGroupRow: row) ?? false
    }

    /// The row view the updater's row-view provider makes for an item's row: what a table view
    /// delegate of your own returns from its `tableView(_:rowViewForRow:)`, if it implements it.
    ///
    /// - Parameters:
    ///   - tableView: The table view that asks.
    ///   - row: The row.
    /// - Returns: The row view, or `nil` for the table view's own (a header's row, no row-view
    ///   provider, or it returned `nil`).
    public func tableView(_ tableView: NSTableView, rowViewForRow row: Int) -> NSTableRowView? {
      tableBridge?.tableView(tableView, rowViewForRow: row)
    }

    /// The bridge made for a table view's rows and columns, if the updater has one.
    private var tableBridge: TableViewListDataSource? {
      dataSource?.bridge as? TableViewListDataSource
    }
  }
#endif
