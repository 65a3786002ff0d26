import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import Testing

@MainActor
@Suite struct ListCellDisplaySectionedTests {
  /// Visible items follow the sections' order, across a move from one section to another.
  @Test func visibleItemsFollowTheSectionsOrder() {
    let old = [Group("a", items: [Item(1), Item(2)]), Group("b", items: [Item(3)])]
    let new = [Group("b", items: [Item(3), Item(1)]), Group("a", items: [Item(2)])]
    let (updater, view) = makeSectioned(old)
    var ended: [String] = []
    updater.displayHandlers.didEndDisplaying = { item, indexPath in
      ended.append("\(item) \(indexPath)")
    }
    let cells = [DisplayedCell(), DisplayedCell(), DisplayedCell()]
    updater.cellDisplay.willDisplay(cells[0], at: [0, 0])
    updater.cellDisplay.willDisplay(cells[1], at: [0, 1])
    updater.cellDisplay.willDisplay(cells[2], at: [1, 0])
    #expect(updater.visibleItems == [Item(1), Item(2), Item(3)])
    updater.apply(SectionedListChange(old: old, new: new))
    #expect(view.problems == [])
    #expect(updater.visibleItems == [Item(3), Item(1), Item(2)])
    updater.cellDisplay.didEndDisplaying(cells[0], at: [0, 0])
    #expect(ended == ["1 [0, 0]"])
  }

  @Test func prefetchingSkipsIndexPathsOutsideTheSections() {
    let (updater, _) = makeSectioned([Group("a", items: [Item(1)]), Group("b", items: [Item(2)])])
    var prefetched: [[Item]] = []
    var cancelled: [[IndexPath]] = []
    updater.displayHandlers.prefetch = { items, _ in prefetched.append(items) }
    updater.displayHandlers.cancelPrefetching = { _, indexPaths in cancelled.append(indexPaths) }
    updater.cellDisplay.prefetchItems(at: [[1, 0], [2, 0], [0, 1]])
    updater.cellDisplay.cancelPrefetchingItems(at: [[0, 0]])
    updater.cellDisplay.cancelPrefetchingItems(at: [[3, 3]])
    #expect(prefetched == [[Item(2)]])
    #expect(cancelled == [[[0, 0]]])
  }
}
