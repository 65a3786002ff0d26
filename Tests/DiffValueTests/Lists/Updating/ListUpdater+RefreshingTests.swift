import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// Refresh on demand: items shown again by identifier, for a change their values do not hold,
/// coalesced with the changes waiting.
@MainActor
@Suite struct ListUpdaterRefreshingTests {
  @Test func aReconfigureIsOneBatchAtOnce() {
    let (updater, view) = makeList(items([1, 2, 3]))
    view.canReconfigureItems = true
    let cell = view.cellIdentity(at: [0, 1])
    var completed = false
    updater.reconfigureItems([2]) { completed = true }
    #expect(completed)
    #expect(view.problems == [])
    #expect(view.events == [.batch(BatchUpdate()), .reconfigure([0, 1])])
    #expect(view.cellIdentity(at: [0, 1]) == cell)
    #expect(view.shownItems == items([1, 2, 3]))
  }

  /// A bindable cell is re-bound with its item; on a view that cannot reconfigure, a plain cell
  /// is reloaded.
  @Test func aBindableCellIsReboundAPlainOneReloadedWhereTheViewCannotReconfigure() {
    let (updater, view) = makeList(items([1, 2]))
    view.isBindable = { $0[1] == 0 }
    updater.reconfigureItems([1, 2])
    #expect(view.events == [.batch(BatchUpdate(reloads: [[0, 1]])), .rebind([0, 0])])
    #expect(view.problems == [])
  }

  /// A reload replaces the cell, a bindable one too, and is not animated when asked not to be.
  @Test func aReloadReplacesEvenABindableCell() {
    let (updater, view) = makeList(items([1, 2]))
    view.canReconfigureItems = true
    view.isBindable = { _ in true }
    let cell = view.cellIdentity(at: [0, 0])
    updater.reloadItems([1], animated: false)
    #expect(view.events == [.batch(BatchUpdate(reloads: [[0, 0]]))])
    #expect(view.animations == [.none])
    #expect(view.cellIdentity(at: [0, 0]) != cell)
    #expect(view.problems == [])
  }

  /// What the list does not show is passed over; the completion is still called.
  @Test func anIdentifierNotShownIsPassedOver() {
    let (updater, view) = makeList(items([1]))
    var completed = false
    updater.reconfigureItems([9]) { completed = true }
    updater.reloadItems([])
    #expect(completed)
    #expect(view.events == [])
    #expect(view.problems == [])
  }

  @Test func everyOccurrenceIsRefreshed() {
    let (updater, view) = makeList(items([1, 2, 1]))
    view.canReconfigureItems = true
    updater.reconfigureItems([1])
    #expect(view.events == [.batch(BatchUpdate()), .reconfigure([0, 0]), .reconfigure([0, 2])])
    #expect(view.problems == [])
  }

  /// During an animation the refresh waits, and is shown with the change that arrived
  /// meanwhile.
  ///
  /// One batch: the item that moves is refreshed where it goes, the one deleted is passed over.
  /// The completions run in order.
  @Test func aRefreshDuringAnAnimationJoinsTheChangesWaiting() {
    let (updater, view) = makeList(items([1, 2, 3]))
    view.completesImmediately = false
    view.isBindable = { _ in true }
    var completions: [String] = []
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([1, 2, 3, 4]))) {
      completions.append("first")
    }
    updater.apply(ListChange(old: items([1, 2, 3, 4]), new: items([3, 1, 4]))) {
      completions.append("second")
    }
    updater.reconfigureItems([3, 2]) { completions.append("refresh") }
    #expect(view.batches.count == 1)
    view.finishNextAnimation()
    #expect(view.batches.count == 2)
    #expect(view.shownItems == items([3, 1, 4]))
    #expect(view.rebound == [[0, 0]])
    view.finishAnimations()
    #expect(completions == ["first", "second", "refresh"])
    #expect(view.problems == [])
  }

  /// A refresh keeps the change waiting as it was: its target and its completion.
  @Test func aRefreshKeepsTheChangeWaiting() {
    let (updater, view) = makeList(items([1, 2]))
    view.completesImmediately = false
    view.canReconfigureItems = true
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 1])))
    updater.reconfigureItems([1])
    updater.apply(ListChange(old: items([2, 1]), new: items([2, 1, 5])))
    updater.reloadItems([2])
    view.finishAnimations()
    #expect(view.shownItems == items([2, 1, 5]))
    #expect(
      view.events.suffix(2) == [
        .batch(BatchUpdate(inserts: [[0, 2]], reloads: [[0, 0]])), .reconfigure([0, 1]),
      ])
    #expect(view.problems == [])
  }

  /// Released with a refresh waiting, the updater drops it: the view is not called again.
  @Test func aReleasedUpdaterDropsTheRefresh() {
    var screen: ListScreen? = ListScreen(items([1, 2]))
    weak let updater = screen?.updater
    let view = screen!.view
    view.completesImmediately = false
    updater?.apply(ListChange(old: items([1, 2]), new: items([2, 1])))
    var completed = false
    updater?.reconfigureItems([1]) { completed = true }
    screen = nil
    #expect(updater == nil)
    view.finishAnimations()
    #expect(view.batches.count == 1)
    #expect(!completed)
    #expect(view.problems == [])
  }

  @Test func aViewOutOfItsWindowRefreshesWithoutAnimation() {
    let (updater, view) = makeList(items([1, 2]))
    view.isInWindow = false
    updater.reconfigureItems([1])
    #expect(view.batches == [BatchUpdate(reloads: [[0, 0]])])
    #expect(view.animations == [.none])
    updater.offWindowUpdates = .reload
    updater.reconfigureItems([1])
    #expect(view.events.last == .reload)
    #expect(view.problems == [])
  }
}
