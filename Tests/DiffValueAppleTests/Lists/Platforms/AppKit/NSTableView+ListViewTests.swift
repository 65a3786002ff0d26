#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import Testing

  @testable import DiffValue

  /// `keepsFirstVisibleItemInPlace` on a real table view in a scroll view: the rows inserted or
  /// deleted above the first visible one move the scroll position, and the row stays where it
  /// was on screen.
  @MainActor
  @Suite struct NSTableViewListViewTests {
    /// A table view in a scroll view in a window, showing items 100...159 through an updater
    /// that keeps its first visible item in place, scrolled so that row 20 is first, 5 points
    /// out.
    private func makeScrolledTable() -> (NSTableView, ListUpdater<Int>, NSWindow) {
      let tableView = NSTableView()
      tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("item")))
      let updater = ListUpdater(view: tableView, items: Array(100..<160)) { _, _, _, _ in
        NSView()
      }
      updater.keepsFirstVisibleItemInPlace = true
      let scrollView = NSScrollView()
      scrollView.documentView = tableView
      let window = RealListScenarioHost.scenarioWindow(showing: scrollView)
      scrollView.layoutSubtreeIfNeeded()
      tableView.scroll(NSPoint(x: 0, y: tableView.rect(ofRow: 20).minY + 5))
      return (tableView, updater, window)
    }

    /// How far below the top of the visible area the row's top is.
    private func offset(ofRow row: Int, in tableView: NSTableView) -> CGFloat {
      tableView.rect(ofRow: row).minY - tableView.visibleRect.minY
    }

    @Test func rowsInsertedAboveLeaveTheFirstVisibleRowInPlace() {
      let (tableView, updater, window) = makeScrolledTable()
      #expect(tableView.visibleItemPositions.first?.indexPath == [0, 20])
      let before = offset(ofRow: 20, in: tableView)
      updater.show(Array(90..<100) + updater.items, animated: false)
      #expect(tableView.visibleItemPositions.first?.indexPath == [0, 30])
      #expect(abs(offset(ofRow: 30, in: tableView) - before) < 0.5)
      _ = window
    }

    @Test func rowsDeletedAboveLeaveTheFirstVisibleRowInPlace() {
      let (tableView, updater, window) = makeScrolledTable()
      let before = offset(ofRow: 20, in: tableView)
      updater.show(Array(updater.items.dropFirst(5)), animated: false)
      #expect(tableView.visibleItemPositions.first?.indexPath == [0, 15])
      #expect(abs(offset(ofRow: 15, in: tableView) - before) < 0.5)
      _ = window
    }
  }
#endif
