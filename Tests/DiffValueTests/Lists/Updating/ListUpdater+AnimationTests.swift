import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// Animation control: a per-change flag, per-kind row animations, a predicate to reload
/// instead (DifferenceKit's `interrupt`), and reloads off-window.
@MainActor
@Suite struct ListUpdaterAnimationTests {
  @Test func theUpdatersAnimationReachesTheView() {
    let (updater, view) = makeList(items([1, 2]))
    updater.animation = ListAnimation(deleteRows: .left, insertRows: .top)
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 3])))
    #expect(view.animations == [ListAnimation(deleteRows: .left, insertRows: .top)])
  }

  @Test func aChangeAppliedWithoutAnimationIsNotAnimated() {
    let (updater, view) = makeList(items([1, 2]))
    updater.apply(ListChange(old: items([1, 2]), new: items([2])), animated: false)
    #expect(view.animations == [.none])
    #expect(view.shownItems == items([2]))
  }

  @Test func theAnimationKinds() {
    #expect(ListAnimation.automatic.isAnimated)
    #expect(!ListAnimation.none.isAnimated)
    let fade = ListAnimation(.fade)
    #expect(
      [
        fade.deleteSections, fade.insertSections, fade.reloadSections, fade.deleteRows,
        fade.insertRows, fade.reloadRows,
      ] == Array(repeating: .fade, count: 6))
  }

  /// DifferenceKit's `interrupt`: when the predicate says so, one reload with the final data.
  @Test func shouldReloadReloadsInstead() {
    let (updater, view) = makeList(items([1, 2, 3]))
    var asked: [ListChange<Item>] = []
    updater.shouldReload = { change in
      asked.append(change)
      return change.diff.deletes.count > 1
    }
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([1, 2])))
    updater.apply(ListChange(old: items([1, 2]), new: items([4])))
    #expect(view.events.count == 2)
    #expect(view.events.last == .reload)
    #expect(view.shownItems == items([4]))
    #expect(asked.map(\.new) == [items([1, 2]), items([4])])
  }

  /// IGListKit's `test_whenNotInViewHierarchy_thatUpdatesStillExecuteBlocks`, and
  /// DifferenceKit's `window == nil` branch: off-window, a reload; completions still run.
  @Test func offWindowTheViewReloads() {
    let (updater, view) = makeList(items([1, 2]))
    view.isInWindow = false
    var completed = false
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 1, 3]))) { completed = true }
    #expect(view.events == [.reload])
    #expect(completed)
    #expect(view.problems == [])
    view.isInWindow = true
    updater.apply(ListChange(old: items([2, 1, 3]), new: items([3])))
    #expect(view.batches.count == 1)
  }

  /// The view leaves its window between two stages: the rest is a reload.
  @Test func leavingTheWindowBetweenStagesReloads() {
    let old = [Group("a", items: [Item(1), Item(2)]), Group("b", items: [Item(3)])]
    let new = [Group("b", items: [Item(3, revision: 1), Item(1)]), Group("a", items: [Item(2)])]
    let (updater, view) = makeSectioned(old)
    view.completesImmediately = false
    updater.apply(SectionedListChange(old: old, new: new))
    view.isInWindow = false
    view.finishAnimations()
    #expect(view.events.last == .reload)
    #expect(view.shown == new)
    #expect(view.problems == [])
  }

  @Test func aThresholdOfZeroReloadsEveryChange() {
    let (updater, view) = makeList(items([1]), threshold: 0)
    updater.apply(ListChange(old: items([1]), new: items([1, 2])))
    #expect(view.events == [.reload])
  }
}
