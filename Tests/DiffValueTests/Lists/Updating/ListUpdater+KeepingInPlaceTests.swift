import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import Testing

/// `keepsFirstVisibleItemInPlace`: items arriving or going above what the user reads move the
/// content above the screen, not the item at the top of the screen (a chat loading older
/// messages, a feed receiving newer posts), as Carbon's `keepsContentOffset` intends.
///
/// The simulated view stacks rows of 44 points in a visible area of 440, and keeps its content
/// offset through a batch as a scroll view does.
@MainActor
@Suite struct ListUpdaterKeepingInPlaceTests {
  /// An updater over items 100...129 scrolled `offset` points down, keeping its first visible
  /// item in place.
  private func makeScrolledList(offset: Double, keeping: Bool = true)
    -> (ListUpdater<Item>, SimulatedListView<String, Item>)
  {
    let (updater, view) = makeList(items(Array(100..<130)))
    updater.keepsFirstVisibleItemInPlace = keeping
    view.contentOffset = offset
    return (updater, view)
  }

  private func firstVisibleItem(_ view: SimulatedListView<String, Item>) -> (Item, Double)? {
    view.visibleItemPositions.first.map { (view.shownItems[$0.indexPath[1]], $0.offset) }
  }

  @Test func itemsInsertedAboveMoveTheContentOffsetByTheirHeight() {
    let (updater, view) = makeScrolledList(offset: 450)
    #expect(firstVisibleItem(view)! == (Item(110), -10))
    updater.show(items(Array(95..<100)) + updater.items)
    #expect(view.contentOffset == 450 + 5 * 44)
    #expect(firstVisibleItem(view)! == (Item(110), -10))
    #expect(view.problems == [])
  }

  /// Without the option the content offset stays, and what the user read slides down.
  @Test func withoutTheOptionTheContentOffsetStays() {
    let (updater, view) = makeScrolledList(offset: 450, keeping: false)
    updater.show(items(Array(95..<100)) + updater.items)
    #expect(view.contentOffset == 450)
    #expect(firstVisibleItem(view)! == (Item(105), -10))
  }

  /// A chat at the top of its history loads older messages: they arrive above, out of sight.
  @Test func atTheTopOlderItemsArriveOutOfSight() {
    let (updater, view) = makeScrolledList(offset: 0)
    updater.show(items(Array(90..<100)) + updater.items)
    #expect(view.contentOffset == 440)
    #expect(firstVisibleItem(view)! == (Item(100), 0))
  }

  @Test func itemsDeletedAboveMoveTheContentOffsetBack() {
    let (updater, view) = makeScrolledList(offset: 440)
    updater.show(items([100] + Array(104..<130)))
    #expect(view.contentOffset == 440 - 3 * 44)
    #expect(firstVisibleItem(view)! == (Item(110), 0))
  }

  /// Items below the first visible one, and changes to it, leave the content offset alone.
  @Test func changesBelowOrInPlaceKeepTheContentOffset() {
    let (updater, view) = makeScrolledList(offset: 440)
    var target = updater.items
    target[10] = Item(110, revision: 1)
    target.insert(Item(500), at: 12)
    target.removeLast(3)
    updater.show(target)
    #expect(view.contentOffset == 440)
    #expect(firstVisibleItem(view)! == (Item(110, revision: 1), 0))
    #expect(view.problems == [])
  }

  /// When the first visible item goes, the next visible one that stays keeps its place.
  @Test func whenTheFirstVisibleItemGoesTheNextOneStays() {
    let (updater, view) = makeScrolledList(offset: 450)
    #expect(view.visibleItemPositions.prefix(2).map(\.offset) == [-10, 34])
    updater.show(items(Array(90..<100) + Array(100..<110) + Array(111..<130)))
    #expect(view.shownItems[19...20] == [Item(109), Item(111)])
    #expect(view.top(of: [0, 20]) - view.contentOffset == 34)
    #expect(view.contentOffset == 450 + 10 * 44 - 44)
  }

  @Test func aMoveAboveKeepsTheItemInPlace() {
    let (updater, view) = makeScrolledList(offset: 440)
    var target = updater.items
    target.insert(target.remove(at: 20), at: 0)  // 120 goes to the top
    updater.show(target)
    #expect(view.contentOffset == 440 + 44)
    #expect(firstVisibleItem(view)! == (Item(110), 0))
    #expect(view.problems == [])
  }

  /// Where the content ends, the view cannot scroll further: it stops at the bottom.
  @Test func theContentOffsetStaysWithinTheContent() {
    let (updater, view) = makeScrolledList(offset: 440)
    updater.show(items(Array(100..<112)))
    #expect(view.contentOffset == 12 * 44 - 440)
    updater.show(items([100, 101]))
    #expect(view.contentOffset == 0)
    #expect(view.problems == [])
  }

  /// Each batch of a coalesced transition keeps the item, as the batches reach the view.
  @Test func changesShownTogetherKeepTheItemOnce() {
    let (updater, view) = makeScrolledList(offset: 440)
    view.completesImmediately = false
    updater.show(items([99]) + updater.items)
    updater.show(items([97, 98, 99]) + updater.items.dropFirst())
    updater.show(items([96, 97, 98, 99]) + updater.items.dropFirst())
    view.finishAnimations()
    #expect(view.batches.count == 2)
    #expect(view.contentOffset == 440 + 4 * 44)
    #expect(firstVisibleItem(view)! == (Item(110), 0))
    #expect(view.problems == [])
  }

  /// A reload (off-window with `.reload`, or over the threshold) keeps the content offset.
  @Test func aReloadKeepsTheContentOffset() {
    let (updater, view) = makeScrolledList(offset: 440)
    updater.offWindowUpdates = .reload
    view.isInWindow = false
    updater.show(items(Array(95..<100)) + updater.items)
    #expect(view.events == [.reload])
    #expect(view.contentOffset == 440)
  }
}
