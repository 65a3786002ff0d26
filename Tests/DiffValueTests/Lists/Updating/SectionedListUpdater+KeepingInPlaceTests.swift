import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// `keepsFirstVisibleItemInPlace` across sections: sections and items inserted, deleted or
/// moved above the first visible item move the content above the screen.
@MainActor
@Suite struct SectionedListUpdaterKeepingInPlaceTests {
  private func group(_ name: String, _ ids: Range<Int>) -> Group {
    ListSection(name, items: ids.map { ListDiffTestItem($0) })
  }

  @Test func sectionsAndItemsArrivingAboveKeepTheItemInPlace() {
    let start = [group("a", 0..<10), group("b", 10..<30)]
    let (updater, view) = makeSectioned(start)
    updater.keepsFirstVisibleItemInPlace = true
    view.contentOffset = 13 * 44 + 20  // item 13 is first, 20 points scrolled out
    #expect(view.visibleItemPositions.first == ListItemPosition(indexPath: [1, 3], offset: -20))
    updater.show([
      group("new", 100..<104), group("a", 0..<10),
      ListSection("b", items: [ListDiffTestItem(200)] + start[1].items),
    ])
    #expect(view.shown[2].items[4] == ListDiffTestItem(13))
    #expect(view.visibleItemPositions.first == ListItemPosition(indexPath: [2, 4], offset: -20))
    #expect(view.contentOffset == (13 + 5) * 44 + 20)
    #expect(view.problems == [])
  }

  @Test func aSectionDeletedOrMovedAboveKeepsTheItemInPlace() {
    let start = [group("a", 0..<5), group("b", 5..<10), group("c", 10..<30)]
    let (updater, view) = makeSectioned(start)
    updater.keepsFirstVisibleItemInPlace = true
    view.contentOffset = 12 * 44
    updater.show([start[2], start[1]])  // "a" goes, "c" moves above "b"
    #expect(view.shown[0].items[2] == ListDiffTestItem(12))
    #expect(view.visibleItemPositions.first == ListItemPosition(indexPath: [0, 2], offset: 0))
    #expect(view.contentOffset == 2 * 44)
    #expect(view.problems == [])
  }

  /// A change in several stages keeps the item in place at each: a view that completes each
  /// batch at once (NSTableView) scrolls for one stage before the next starts.
  @Test func eachStageKeepsTheItemInPlace() {
    let start = [group("a", 0..<10), group("b", 10..<30), group("y", 40..<45), group("z", 50..<55)]
    let (updater, view) = makeSectioned(start)
    updater.keepsFirstVisibleItemInPlace = true
    view.contentOffset = 13 * 44
    // "b" moves to the top, then an item arrives above 13 in it: two stages.
    let b = ListSection("b", items: [ListDiffTestItem(200)] + start[1].items)
    let new = [b, start[0], start[2], start[3]]
    #expect(SectionedListDiff(old: start, new: new).stages.count == 2)
    updater.show(new)
    #expect(view.shown == new)
    #expect(view.visibleItemPositions.first == ListItemPosition(indexPath: [0, 4], offset: 0))
    #expect(view.contentOffset == 4 * 44)
    #expect(view.problems == [])
  }
}
