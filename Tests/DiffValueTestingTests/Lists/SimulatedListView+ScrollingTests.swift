import DiffValue
import DiffValueTesting
import Foundation
import Testing

/// The simulated view's scrolling model: rows of `rowHeight` stacked section after section, a
/// visible area of `visibleHeight`, and a content offset that a batch keeps as a scroll view
/// does.
@MainActor
@Suite struct SimulatedListViewScrollingTests {
  private func makeView() -> SimulatedListView<String, Int> {
    SimulatedListView(showing: [
      ListSection("a", items: [1, 2, 3]), ListSection("b", items: [4, 5]),
    ]) { [] }
  }

  @Test func theVisibleRowsAreThoseInTheVisibleArea() {
    let view = makeView()
    view.rowHeight = 10
    view.visibleHeight = 25
    view.contentOffset = 15
    #expect(view.contentHeight == 50)
    #expect(
      view.visibleItemPositions == [
        ListItemPosition(indexPath: [0, 1], offset: -5),
        ListItemPosition(indexPath: [0, 2], offset: 5),
        ListItemPosition(indexPath: [1, 0], offset: 15),
      ])
    #expect(view.top(of: [1, 1]) == 40)
  }

  @Test func scrollingPutsTheRowAtItsOffsetWithinTheContent() {
    let view = makeView()
    view.rowHeight = 10
    view.visibleHeight = 25
    view.scroll(to: ListItemPosition(indexPath: [1, 0], offset: 5))
    #expect(view.contentOffset == 25)
    view.scroll(to: ListItemPosition(indexPath: [1, 1], offset: 0))
    #expect(view.contentOffset == 25)  // 40 would show past the end of the content
    view.scroll(to: ListItemPosition(indexPath: [0, 0], offset: 30))
    #expect(view.contentOffset == 0)
    #expect(view.problems == [])
    view.scroll(to: ListItemPosition(indexPath: [2, 0], offset: 0))
    #expect(view.problems.count == 1)
  }

  /// A batch keeps the content offset unless the content becomes too short for it; so does a
  /// reload.
  @Test func aBatchOrAReloadKeepsTheContentOffsetWithinTheContent() {
    var data = [ListSection("a", items: [1, 2, 3, 4, 5])]
    let view = SimulatedListView<String, Int>(showing: data) { data }
    view.rowHeight = 10
    view.visibleHeight = 20
    view.contentOffset = 20
    view.performListUpdate(
      BatchUpdate(inserts: [[0, 0]]), animation: .none,
      updatingData: { data[0].items.insert(0, at: 0) }, completion: { _ in })
    #expect(view.contentOffset == 20)
    view.performListUpdate(
      BatchUpdate(deletes: [[0, 0], [0, 1], [0, 2]]), animation: .none,
      updatingData: { data[0].items.removeFirst(3) }, completion: { _ in })
    #expect(view.contentOffset == 10)
    view.reloadList { data[0].items = [1] }
    #expect(view.contentOffset == 0)
    #expect(view.problems == [])
  }
}
