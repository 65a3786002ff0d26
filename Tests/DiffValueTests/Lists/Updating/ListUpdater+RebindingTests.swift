import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// Re-binding happens inside a batch, an empty one when nothing moves, so that a self-sizing
/// cell's height follows its new content (UIKit measures rows again only in a batch).
@MainActor
@Suite struct ListUpdaterRebindingTests {
  /// A content-only change re-binds its cells inside a batch, an empty one: outside any batch
  /// `SimulatedListView` reports a stale height, as UIKit would leave it.
  @Test func aContentOnlyChangeRebindsInsideAnEmptyBatch() {
    let (updater, view) = makeList(items([1, 2, 3]))
    view.isBindable = { _ in true }
    let new = [Item(1), Item(2, revision: 1), Item(3)]
    var completed = false
    updater.apply(ListChange(old: items([1, 2, 3]), new: new)) { completed = true }
    #expect(view.problems == [])
    #expect(view.events == [.batch(BatchUpdate()), .rebind([0, 1])])
    #expect(view.shownItems == new)
    #expect(completed)
  }

  /// A change with nothing to show (the same items) swaps the data with no batch.
  @Test func aChangeWithNothingToShowStartsNoBatch() {
    let (updater, view) = makeList(items([1, 2]))
    view.isBindable = { _ in true }
    var completed = false
    updater.apply(ListChange(old: items([1, 2]), new: items([1, 2]))) { completed = true }
    #expect(view.events == [])
    #expect(completed)
  }

  /// A sectioned change that only changes a bindable header's section and a bindable cell's
  /// item: one empty batch, inside which both are re-bound.
  @Test func aSectionedContentOnlyChangeRebindsInsideAnEmptyBatch() {
    let old = [TitledGroup(Header(name: "a", title: "A"), items: [Item(1), Item(2)])]
    let new = [TitledGroup(Header(name: "a", title: "A′"), items: [Item(1, revision: 1), Item(2)])]
    var updater: SectionedListUpdater<TitledGroup>!
    let view = SimulatedListView(showing: old) { updater.sections }
    updater = SectionedListUpdater(view: view, sections: old)
    view.isBindable = { _ in true }
    view.hasBindableHeader = { _ in true }
    updater.apply(SectionedListChange(old: old, new: new))
    #expect(view.problems == [])
    #expect(view.events == [.batch(BatchUpdate()), .rebind([0, 0]), .rebindHeader(section: 0)])
    #expect(view.shown == new)
  }

  /// A content-only change that arrives during an animation waits for it, like any other, and
  /// its completion runs after the empty batch completes, in order with the others.
  @Test func aContentOnlyChangeDuringAnAnimationWaitsAndCompletesInOrder() {
    let (updater, view) = makeList(items([1, 2]))
    view.isBindable = { _ in true }
    view.completesImmediately = false
    var order: [String] = []
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 1]))) { order.append("move") }
    let changed = [Item(2, revision: 1), Item(1)]
    updater.apply(ListChange(old: items([2, 1]), new: changed)) { order.append("content 1") }
    let changedAgain = [Item(2, revision: 2), Item(1, revision: 1)]
    updater.apply(ListChange(old: changed, new: changedAgain)) { order.append("content 2") }
    #expect(order == [])
    view.finishNextAnimation()
    #expect(order == ["move"])
    #expect(
      view.batches == [BatchUpdate(moves: [.init(from: [0, 1], to: [0, 0])]), BatchUpdate()])
    #expect(view.isAnimating)
    view.finishAnimations()
    #expect(order == ["move", "content 1", "content 2"])
    #expect(view.shownItems == changedAgain)
    #expect(view.rebound == [[0, 0], [0, 1]])
    #expect(view.problems == [])
  }

  /// A content-only change's own completion waits for its empty batch's animation.
  @Test func aContentOnlyChangeCompletesWhenItsEmptyBatchDoes() {
    let (updater, view) = makeList(items([1]))
    view.isBindable = { _ in true }
    view.completesImmediately = false
    var completed = false
    updater.apply(ListChange(old: items([1]), new: [Item(1, revision: 1)])) { completed = true }
    #expect(!completed)
    #expect(updater.isUpdating)
    view.finishAnimations()
    #expect(completed)
    #expect(!updater.isUpdating)
  }

  /// Released while its empty batch animates: the completions waiting are never called, and
  /// the view is called no more.
  @Test func releasedDuringAnEmptyBatchCallsNoCompletion() {
    var screen: ListScreen? = ListScreen(items([1, 2]))
    weak let updater = screen?.updater
    let view = screen!.view
    view.isBindable = { _ in true }
    view.completesImmediately = false
    var completions = 0
    let changed = [Item(1, revision: 1), Item(2)]
    updater?.apply(ListChange(old: items([1, 2]), new: changed)) { completions += 1 }
    updater?.apply(ListChange(old: changed, new: items([2]))) { completions += 1 }
    #expect(view.batches == [BatchUpdate()])
    screen = nil
    #expect(updater == nil)
    view.finishAnimations()
    #expect(completions == 0)
    #expect(view.batches == [BatchUpdate()])
  }

  /// An unbindable cell changed in place is still reloaded, in a batch; a bindable one beside
  /// it is re-bound in the same batch.
  @Test func plainAndBindableCellsChangeInOneBatch() {
    let (updater, view) = makeList(items([1, 2]))
    view.isBindable = { $0[1] == 0 }
    let new = items([1, 2], revision: 1)
    updater.apply(ListChange(old: items([1, 2]), new: new))
    #expect(view.problems == [])
    #expect(view.batches.count == 1)
    #expect(view.rebound == [[0, 0]])
    #expect(view.shownItems == new)
  }
}
