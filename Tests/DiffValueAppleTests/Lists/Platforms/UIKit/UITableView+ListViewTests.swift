#if canImport(UIKit) && !os(watchOS)
  import DiffValue
  import Testing
  import UIKit

  /// `keepsFirstVisibleItemInPlace` on a real table view: the rows inserted above the first
  /// visible one move the content offset, and the row stays where it was on screen.
  @MainActor
  @Suite struct UITableViewListViewTests {
    /// A table view of 440 points in a window, showing items 100...159 through an updater that
    /// keeps its first visible item in place, scrolled so that row 20 is first, 10 points out.
    private func makeScrolledTable() -> (UITableView, ListUpdater<Int>, UIWindow) {
      let tableView = UITableView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 440), style: .plain)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "item")
      let updater = ListUpdater(view: tableView, items: Array(100..<160)) {
        tableView, indexPath, _ in
        tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
      }
      updater.keepsFirstVisibleItemInPlace = true
      let window = RealListScenarioHost.scenarioWindow(showing: tableView)
      tableView.layoutIfNeeded()
      tableView.contentOffset.y = tableView.rectForRow(at: [0, 20]).minY + 10
      tableView.layoutIfNeeded()
      return (tableView, updater, window)
    }

    /// How far below the content offset the row's top is.
    private func offset(of indexPath: IndexPath, in tableView: UITableView) -> CGFloat {
      tableView.rectForRow(at: indexPath).minY - tableView.contentOffset.y
    }

    @Test func rowsInsertedAboveLeaveTheFirstVisibleRowInPlace() {
      let (tableView, updater, window) = makeScrolledTable()
      #expect(tableView.visibleItemPositions.first?.indexPath == [0, 20])
      let before = offset(of: [0, 20], in: tableView)
      updater.show(Array(90..<100) + updater.items, animated: false)
      tableView.layoutIfNeeded()
      #expect(tableView.visibleItemPositions.first?.indexPath == [0, 30])
      #expect(abs(offset(of: [0, 30], in: tableView) - before) < 0.5)
      _ = window
    }

    @Test func rowsDeletedAboveLeaveTheFirstVisibleRowInPlace() {
      let (tableView, updater, window) = makeScrolledTable()
      let before = offset(of: [0, 20], in: tableView)
      updater.show(Array(updater.items.dropFirst(5)), animated: false)
      tableView.layoutIfNeeded()
      #expect(tableView.visibleItemPositions.first?.indexPath == [0, 15])
      #expect(abs(offset(of: [0, 15], in: tableView) - before) < 0.5)
      _ = window
    }
  }
#endif
