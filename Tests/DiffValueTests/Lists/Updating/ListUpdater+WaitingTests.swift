import DiffValueTesting
import ListDiffTestSupport
import Testing

@testable import DiffValue

/// `await apply(...)` and `applyUsingReloadData`, as Apple's diffable data source has them.
@MainActor
@Suite struct ListUpdaterWaitingTests {
  @Test func awaitingAnApplyReturnsOnceTheViewShowsIt() async {
    let (updater, view) = makeList(items([1, 2]))
    view.completesImmediately = false
    var returned = false
    let task = Task {
      let shown = await updater.apply(ListChange(old: items([1, 2]), new: items([2, 3])))
      returned = true
      return shown
    }
    while view.batches.isEmpty { await Task.yield() }
    for _ in 0..<10 { await Task.yield() }
    #expect(!returned)
    view.finishAnimations()
    #expect(await task.value)
    #expect(returned)
    #expect(view.shownItems == items([2, 3]))
  }

  /// Coalesced with a later change, an awaited change returns when the view shows the later one.
  @Test func anAwaitedChangeCoalescedReturnsWithTheLatest() async {
    let (updater, view) = makeList(items([1]))
    // In an async function, `apply` without a completion is the async one: pass one.
    updater.apply(ListChange(old: items([1]), new: items([1, 2])), completion: {})  // in flight
    view.completesImmediately = false
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 1])), completion: {})
    let task = Task { await updater.apply(ListChange(old: items([2, 1]), new: items([3]))) }
    while updater.isUpdating && view.isAnimating {
      view.finishAnimations()
      await Task.yield()
    }
    view.finishAnimations()
    #expect(await task.value)
    #expect(view.shownItems == items([3]))
    #expect(view.problems == [])
  }

  /// A change the updater drops (it was released with the change waiting) resumes the caller
  /// with `false` rather than never.
  @Test func aDroppedChangeResumesTheCallerWithFalse() async {
    let shown = await waitUntilShown { _ in }  // the completion is dropped unused
    #expect(!shown)
    let called = await waitUntilShown { completion in completion() }
    #expect(called)
  }

  /// Released with an awaited change waiting: the caller resumes with `false`.
  @Test func releasedWithAnAwaitedChangeWaiting() async {
    var screen: ListScreen? = ListScreen(items([1, 2]))
    let view = screen!.view
    view.completesImmediately = false
    screen!.updater.apply(ListChange(old: items([1, 2]), new: items([2, 1])), completion: {})
    let shown = await waitUntilShown { completion in
      screen!.updater.apply(
        ListChange(old: items([2, 1]), new: items([1])), completion: completion)
    } releasingAfter: {
      screen = nil
    }
    #expect(!shown)
    view.finishAnimations()
    #expect(view.batches.count == 1)
  }

  @Test func applyUsingReloadDataReloadsAfterTheBatchInFlight() async {
    let (updater, view) = makeList(items([1, 2]))
    view.completesImmediately = false
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 1])), completion: {})
    var completed = false
    updater.applyUsingReloadData(items([1, 2, 3])) { completed = true }
    #expect(view.events.count == 1)
    view.finishAnimations()
    #expect(completed)
    #expect(view.events.last == .reload)
    #expect(view.shownItems == items([1, 2, 3]))
    #expect(await updater.applyUsingReloadData(items([4])))
    #expect(view.events.last == .reload)
    #expect(view.batches.count == 1)
    #expect(view.problems == [])
  }

  @Test func aSectionedUpdaterAwaitsAndReloadsToo() async {
    let old = [Group("a", items: [Item(1)])]
    let new = [Group("b", items: [Item(2)]), Group("a", items: [Item(1)])]
    let (updater, view) = makeSectioned(old)
    #expect(await updater.apply(SectionedListChange(old: old, new: new)))
    #expect(view.shown == new)
    #expect(await updater.applyUsingReloadData(old))
    #expect(view.events.last == .reload)
    #expect(view.shown == old)
  }
}

/// Submits with `submit`, then runs `release` before the caller waits.
@MainActor
func waitUntilShown(
  _ submit: (@escaping @MainActor () -> Void) -> Void, releasingAfter release: () -> Void
) async -> Bool {
  await waitUntilShown { completion in
    submit(completion)
    release()
  }
}

/// The check that a change starts from what the view shows: arrays that share their storage
/// are the same at once, others are compared item by item.
@Suite struct SameItemsTests {
  @Test func sharedStorageAndItemByItem() {
    let list = items([1, 2, 3])
    let copy = list
    #expect(sharesStorage(list, copy))
    #expect(sameItems(list, copy))
    let rebuilt = items([1, 2, 3])
    #expect(!sharesStorage(list, rebuilt))
    #expect(sameItems(list, rebuilt))
    #expect(!sameItems(list, items([1, 2, 3], revision: 1)))
    #expect(!sameItems(list, Array(list.prefix(2))))
    #expect(sameSections([Group("a", items: list)], [Group("a", items: rebuilt)]))
    #expect(!sameSections([Group("a", items: list)], [Group("b", items: list)]))
  }
}
