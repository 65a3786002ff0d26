import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// Changes that arrive while a batch animates are shown together once it completes: the view
/// goes from what it shows straight to the latest list (IGListKit's coalescing updater).
@MainActor
@Suite struct ListUpdaterCoalescingTests {
  /// Twenty writes during one animation: one batch after it, not twenty (IGListKit's
  /// `test_whenQueueingMultipleUpdates_thatOnlyOneUpdateIsPerformed`).
  @Test func writesDuringAnAnimationBecomeOneBatch() {
    var current = items([0, 1, 2])
    let (updater, view) = makeList(current)
    view.completesImmediately = false
    var completed: [Int] = []
    for step in 0..<20 {
      let next = current.shuffled() + [Item(100 + step)]
      updater.apply(ListChange(old: current, new: next)) { completed.append(step) }
      current = next
    }
    #expect(view.batches.count == 1)
    #expect(updater.isUpdating)
    view.finishNextAnimation()
    #expect(completed == [0])
    #expect(view.batches.count == 2)
    view.finishAnimations()
    #expect(completed == Array(0..<20))
    #expect(view.batches.count == 2)
    #expect(view.shownItems == current)
    #expect(view.problems == [])
    #expect(!updater.isUpdating)
  }

  /// IGListKit's `test_whenUpdatingManually_with2Updates_thatBothCompletionBlocksCalled` and
  /// `test_whenReloadBatchedWithUpdate_thatCompletionBlockStillExecuted`: every completion of
  /// changes shown together runs, in order, once the view shows the latest.
  @Test func everyCoalescedCompletionRunsInOrder() {
    let (updater, view) = makeList(items([1, 2]))
    view.completesImmediately = false
    var order: [String] = []
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 1]))) { order.append("a") }
    updater.apply(ListChange(old: items([2, 1]), new: items([2, 1, 3]))) { order.append("b") }
    updater.apply(ListChange(old: items([2, 1, 3]), new: items([3]))) { order.append("c") }
    view.finishNextAnimation()
    #expect(order == ["a"])
    view.finishAnimations()
    #expect(order == ["a", "b", "c"])
    #expect(view.shownItems == items([3]))
  }

  /// An explicit reload among coalesced changes: each completion once, in order of the calls,
  /// when the view shows the latest list.
  @Test func completionsOfChangesCoalescedWithAReloadRunOnceInOrder() {
    let (updater, view) = makeList(items([1, 2]))
    view.completesImmediately = false
    var order: [String] = []
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 1]))) { order.append("a") }
    updater.apply(ListChange(old: items([2, 1]), new: items([2]))) { order.append("b") }
    updater.applyUsingReloadData(items([5, 6])) { order.append("reload") }
    updater.apply(ListChange(old: items([5, 6]), new: items([6, 5, 7]))) { order.append("c") }
    view.finishAnimations()
    #expect(order == ["a", "b", "reload", "c"])
    #expect(view.shownItems == items([6, 5, 7]))
    #expect(view.problems == [])
  }

  /// A user's drop while changes wait: the queued changes' completions still run once each, in
  /// order, and the view ends at the latest list.
  @Test func completionsOfChangesQueuedAroundAUserDropRunOnceInOrder() {
    let (updater, view) = ListUpdaterDataSourceTests().makeProvidedList(items([1, 2, 3]))
    updater.reorderingHandlers.canReorderItem = { _ in true }
    view.completesImmediately = false
    var order: [String] = []
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([1, 2, 3, 4]))) {
      order.append("a")
    }
    view.finishAnimations()
    view.completesImmediately = false
    updater.apply(ListChange(old: items([1, 2, 3, 4]), new: items([1, 2, 4]))) {
      order.append("b")
    }
    view.simulateUserDrop(from: [0, 2], before: [0, 0])  // while "b" animates
    updater.apply(ListChange(old: items([4, 1, 2]), new: items([4, 2]))) { order.append("c") }
    view.finishAnimations()
    #expect(order == ["a", "b", "c"])
    #expect(view.shownItems == items([4, 2]))
    #expect(view.problems == [])
  }

  /// Changes shown together animate only if all of them asked to (IGListKit's transaction
  /// builder keeps `animated && animated`).
  @Test func coalescedChangesAnimateOnlyIfAllAsked() {
    let (updater, view) = makeList(items([1, 2]))
    view.completesImmediately = false
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 1])))
    updater.apply(ListChange(old: items([2, 1]), new: items([2])), animated: false)
    updater.apply(ListChange(old: items([2]), new: items([2, 4])))
    view.finishAnimations()
    #expect(view.animations.map(\.isAnimated) == [true, false])
  }

  /// A change arriving in the middle of a sectioned change's stages: the stages left are
  /// dropped, and the view goes from the stage it shows to the latest sections.
  @Test func aChangeDuringStagesReplacesTheStagesLeft() {
    let old = [Group("a", items: [Item(1), Item(2)]), Group("b", items: [Item(3)])]
    let middle = [
      Group("b", items: [Item(3, revision: 1), Item(1)]), Group("a", items: [Item(2)]),
    ]
    let new = [Group("c", items: [Item(2)])]
    let (updater, view) = makeSectioned(old)
    view.completesImmediately = false
    var completions = 0
    updater.apply(SectionedListChange(old: old, new: middle)) { completions += 1 }
    let stages = SectionedListDiff(old: old, new: middle).stages.count
    #expect(stages > 1)
    updater.apply(SectionedListChange(old: middle, new: new)) { completions += 1 }
    view.finishNextAnimation()  // the first stage completes
    #expect(view.batches.count == 2)  // straight to `new`
    view.finishAnimations()
    #expect(completions == 2)
    #expect(view.shown == new)
    #expect(view.problems == [])
  }

  /// IGListKit's `test_whenUpdatesAreReentrant_thatUpdatesExecuteSerially`: a change applied
  /// from inside the data swap (a data source or a cell reacting) runs after the batch, and
  /// each completion sees its own list.
  @Test func aChangeAppliedDuringTheDataSwapRunsAfterTheBatch() {
    var updater: ListUpdater<Item>!
    var applied = false
    var seen: [[Item]] = []
    let view = SimulatedListView(showingItems: items([1])) { () -> [Item] in
      if !applied, updater.items == items([1, 2]) {
        applied = true
        updater.apply(ListChange(old: items([1, 2]), new: items([1, 2, 3]))) {
          seen.append(updater.items)
        }
      }
      return updater.items
    }
    updater = ListUpdater(view: view, items: items([1]))
    updater.apply(ListChange(old: items([1]), new: items([1, 2]))) { seen.append(updater.items) }
    #expect(seen == [items([1, 2]), items([1, 2, 3])])
    #expect(view.batches.count == 2)
    #expect(view.problems == [])
  }

  /// IGListKit's `test_whenPerformingUpdatesMultipleTimesInARow_thenUpdateWorks`: a change
  /// applied from a completion starts once the completions have run, before `apply` returns.
  @Test func aChangeAppliedFromACompletionRunsNext() {
    let (updater, view) = makeList(items([0]))
    var done = false
    updater.apply(ListChange(old: items([0]), new: items([0, 1]))) {
      #expect(updater.items == items([0, 1]))
      updater.apply(ListChange(old: items([0, 1]), new: items([0, 1, 2]))) { done = true }
    }
    #expect(done)
    #expect(updater.items == items([0, 1, 2]))
    #expect(view.batches.count == 2)
    #expect(view.problems == [])
  }
}
