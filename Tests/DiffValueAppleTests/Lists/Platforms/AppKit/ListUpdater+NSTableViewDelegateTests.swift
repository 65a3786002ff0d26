#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Testing

  @testable import DiffValue

  /// A table view delegate of the app's own stays the table view's, and hands the questions
  /// about views to the updater; a table view without one gets the updater's bridge.
  @MainActor
  @Suite struct ListUpdaterNSTableViewDelegateTests {
    /// An app's delegate: it makes its cell views through the updater, and keeps selection.
    final class AppDelegate: NSObject, NSTableViewDelegate {
      var updater: ListUpdater<String>?
      var selectionChanges = 0

      func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int)
        -> NSView?
      {
        updater?.tableView(tableView, viewFor: tableColumn, row: row)
      }

      func tableViewSelectionDidChange(_ notification: Notification) { selectionChanges += 1 }
    }

    /// A cell view that shows its item.
    final class TextView: NSView { var text = "" }

    private func makeTableView() -> (NSTableView, NSTableColumn) {
      let tableView = NSTableView()
      let column = NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name"))
      tableView.addTableColumn(column)
      return (tableView, column)
    }

    private func makeUpdater(for tableView: NSTableView) -> ListUpdater<String> {
      ListUpdater(view: tableView, items: ["a", "b"]) { _, _, _, item in
        let view = TextView()
        view.text = item
        return view
      }
    }

    @Test func aDelegateOfYourOwnStaysAndHandsCellViewsToTheUpdater() {
      let (tableView, column) = makeTableView()
      let delegate = AppDelegate()
      tableView.delegate = delegate
      let updater = makeUpdater(for: tableView)
      delegate.updater = updater
      #expect(tableView.delegate === delegate)
      let bridge = tableView.dataSource as? TableViewListDataSource
      #expect(bridge.map { $0.numberOfRows(in: tableView) } == 2)
      let view = delegate.tableView(tableView, viewFor: column, row: 1) as? TextView
      #expect(view?.text == "b")
      #expect(updater.tableView(tableView, viewFor: nil, row: 0) == nil)  // a group row
      #expect(updater.tableView(tableView, rowViewForRow: 0) == nil)  // the table view's own
    }

    @Test func withoutADelegateTheUpdatersBridgeIsTheDelegate() {
      let (tableView, column) = makeTableView()
      let updater = makeUpdater(for: tableView)
      let bridge = tableView.delegate as? TableViewListDataSource
      #expect(bridge != nil)
      #expect(tableView.delegate === tableView.dataSource)
      let view = bridge?.tableView(tableView, viewFor: column, row: 0) as? TextView
      #expect(view?.text == "a")
      _ = updater
    }
  }
#endif
