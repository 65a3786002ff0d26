import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import TestSupport
import Testing

/// `bind(to:)`: no hop when already on the main thread with nothing running; writes from other
/// threads hop to the main queue, in order.
@MainActor
@Suite struct ListBindingTests {
  /// DifferenceKit's `reload(using:)` is synchronous: so is a main-thread write to a bound
  /// updater when no batch runs; `tableView(_:numberOfRowsInSection:)` is right at once.
  @Test func aMainThreadWriteUpdatesTheDataSourceBeforeItReturns() {
    let model = ItemsModel()
    let (updater, view) = makeList(model.items)
    let subscription = updater.bind(to: model.$items)
    model.items = items([3, 1])
    #expect(updater.items == items([3, 1]))
    #expect(view.shownItems == items([3, 1]))
    #expect(view.batches.count == 1)
    _ = subscription
  }

  /// During an animation a main-thread write waits, and coalesces with the next ones.
  @Test func mainThreadWritesDuringAnAnimationWait() {
    let model = ItemsModel()
    let (updater, view) = makeList(model.items)
    view.completesImmediately = false
    var completions = 0
    let subscription = updater.bind(to: model.$items) { completions += 1 }
    model.items = items([3, 1])
    model.items = items([3])
    model.items = items([3, 4])
    #expect(updater.items == items([3, 1]))
    view.finishAnimations()
    #expect(updater.items == items([3, 4]))
    #expect(view.batches.count == 2)
    #expect(completions == 3)
    #expect(view.problems == [])
    _ = subscription
  }

  /// Writes from another thread reach the main queue in order; a main-thread write made
  /// while they wait goes after them.
  @Test func writesFromOtherThreadsHopInOrder() async {
    let model = SharedItemsModel()
    let (updater, view) = makeList(model.items)
    let subscription = updater.bind(to: model.$items)
    runConcurrently(threads: 1) { _ in
      for count in 1...20 { model.items = items(Array(0..<count)) }
    }
    #expect(updater.items == items([1, 2, 3]))  // nothing applied yet: they wait on the main queue
    model.items = items([7])  // after them, not before
    #expect(updater.items == items([1, 2, 3]))
    for _ in 0..<1_000 where updater.items != items([7]) { await Task.yield() }
    #expect(updater.items == items([7]))
    #expect(view.shownItems == items([7]))
    #expect(view.problems == [])
    _ = subscription
  }

  /// While a hop hands changes over, writes made meanwhile (one from another thread, one from
  /// the main thread behind it) do not join it: they wait for a new hop, so main-queue work
  /// queued in between runs first, and the new hop shows both in one batch.
  @Test func writesDuringAHopWaitForTheNextHop() async {
    let model = SharedItemsModel()
    let (updater, view) = makeList(model.items)
    var completions = 0
    var seenInBetween: [Item]?
    let subscription = updater.bind(to: model.$items) {
      completions += 1
      guard completions == 1 else { return }
      runConcurrently(threads: 1) { _ in model.items = items([5]) }
      model.items = items([5, 6])
      DispatchQueue.main.async { seenInBetween = updater.items }
    }
    runConcurrently(threads: 1) { _ in model.items = items([4]) }
    for _ in 0..<1_000 where updater.items != items([5, 6]) { await Task.yield() }
    #expect(seenInBetween == items([4]))
    #expect(updater.items == items([5, 6]))
    #expect(view.batches.count == 2)
    #expect(view.problems == [])
    _ = subscription
  }

  /// Cancelling drops the changes waiting on the main queue.
  @Test func cancellingDropsTheChangesWaiting() async {
    let model = SharedItemsModel()
    let (updater, view) = makeList(model.items)
    let subscription = updater.bind(to: model.$items)
    runConcurrently(threads: 1) { _ in model.items = items([9]) }
    subscription.cancel()
    for _ in 0..<100 { await Task.yield() }
    #expect(updater.items == items([1, 2, 3]))
    #expect(view.events == [])
  }

  /// Many threads writing while the main thread animates: the view ends on the last value.
  @Test func concurrentWritersEndOnTheLastValue() async {
    let model = SharedItemsModel()
    let (updater, view) = makeList(model.items)
    view.completesImmediately = false
    let subscription = updater.bind(to: model.$items)
    runConcurrently(threads: 4) { thread in
      for step in 0..<50 {
        model.items = items([1_000 + thread, 2_000 + step, 3_000 + thread * 50 + step])
      }
    }
    let last = model.items
    for _ in 0..<10_000 where view.shownItems != last || view.isAnimating {
      view.finishAnimations()
      await Task.yield()
    }
    #expect(view.shownItems == last)
    #expect(view.problems == [])
    _ = subscription
  }
}
