#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Testing

  @testable import DiffValue

  /// A sectioned list in one NSTableView: each section's header a group row, made by the
  /// updater's section-header provider, whether the updater's bridge or an app's delegate is
  /// the table view's delegate.
  @MainActor
  @Suite struct SectionedListUpdaterNSTableViewDelegateTests {
    typealias Group = ListSection<String, String>

    /// An app's delegate: it hands views and group rows to the updater.
    final class AppDelegate: NSObject, NSTableViewDelegate {
      var updater: SectionedListUpdater<Group>?

      func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int)
        -> NSView?
      {
        updater?.tableView(tableView, viewFor: tableColumn, row: row)
      }

      func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
        updater?.tableView(tableView, isGroupRow: row) ?? false
      }
    }

    /// A view that shows a text.
    final class TextView: NSView { var text = "" }

    private func makeTable() -> (NSTableView, NSTableColumn) {
      let tableView = NSTableView()
      let column = NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name"))
      tableView.addTableColumn(column)
      return (tableView, column)
    }

    private func makeUpdater(for tableView: NSTableView) -> SectionedListUpdater<Group> {
      SectionedListUpdater(
        view: tableView,
        sections: [Group("fruit", items: ["apple", "pear"]), Group("nuts", items: ["pecan"])],
        sectionHeaderViewProvider: { _, _, section in
          let view = TextView()
          view.text = section.model
          return view
        },
        cellProvider: { _, _, _, item in
          let view = TextView()
          view.text = item
          return view
        })
    }

    @Test func headersAreGroupRowsThroughTheUpdatersBridge() {
      let (tableView, column) = makeTable()
      let updater = makeUpdater(for: tableView)
      let bridge = tableView.delegate as? TableViewListDataSource
      #expect(bridge.map { $0.numberOfRows(in: tableView) } == 5)
      #expect(bridge?.tableView(tableView, isGroupRow: 3) == true)
      #expect(bridge?.tableView(tableView, isGroupRow: 2) == false)
      #expect((bridge?.tableView(tableView, viewFor: nil, row: 3) as? TextView)?.text == "nuts")
      #expect(
        (bridge?.tableView(tableView, viewFor: column, row: 4) as? TextView)?.text == "pecan")
      _ = updater
    }

    @Test func aDelegateOfYourOwnAsksTheUpdater() {
      let (tableView, column) = makeTable()
      let delegate = AppDelegate()
      tableView.delegate = delegate
      let updater = makeUpdater(for: tableView)
      delegate.updater = updater
      #expect(tableView.delegate === delegate)
      #expect(delegate.tableView(tableView, isGroupRow: 0))
      #expect((delegate.tableView(tableView, viewFor: nil, row: 0) as? TextView)?.text == "fruit")
      #expect(
        (delegate.tableView(tableView, viewFor: column, row: 1) as? TextView)?.text == "apple")
      #expect(updater.tableView(tableView, rowViewForRow: 1) == nil)  // the table view's own
    }
  }
#endif
