import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// Animation control: a per-change flag, per-kind row animations, a predicate to reload
/// instead (DifferenceKit's `interrupt`), and what a change does off-window.
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

  /// IGListKit 5's `test_whenCollectionViewNotInWindow_andBackgroundReloadFlag_isSetNO_diffHappens`
  /// (its only policy since `allowsBackgroundReloading` went): off-window, the change is a batch,
  /// not animated; the cells kept keep their identity, and the completion runs.
  @Test func offWindowAChangeIsABatchWithoutAnimation() {
    let (updater, view) = makeList(items([1, 2]))
    let cellOf2 = view.cellIdentity(at: [0, 1])
    view.isInWindow = false
    var completed = false
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 1, 3]))) { completed = true }
    #expect(view.batches.count == 1)
    #expect(view.animations == [.none])
    #expect(view.cellIdentity(at: [0, 0]) == cellOf2)
    #expect(view.shownItems == items([2, 1, 3]))
    #expect(completed)
    #expect(view.problems == [])
    view.isInWindow = true
    updater.apply(ListChange(old: items([2, 1, 3]), new: items([3])))
    #expect(view.animations == [.none, .automatic])
  }

  /// IGListKit 4's `allowsBackgroundReloading` and DifferenceKit's `window == nil` branch, kept
  /// as an option: off-window, a reload; `shouldReload` is not asked; completions still run.
  @Test func offWindowTheReloadPolicyReloads() {
    let (updater, view) = makeList(items([1, 2]))
    updater.offWindowUpdates = .reload
    var asked = 0
    updater.shouldReload = { _ in
      asked += 1
      return false
    }
    view.isInWindow = false
    var completed = false
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 1, 3]))) { completed = true }
    #expect(view.events == [.reload])
    #expect(asked == 0)
    #expect(completed)
    #expect(view.problems == [])
    view.isInWindow = true
    updater.apply(ListChange(old: items([2, 1, 3]), new: items([3])))
    #expect(view.batches.count == 1)
    #expect(asked == 1)
  }

  /// The view leaves its window between two stages: the stages left are batches without
  /// animation, or, with the reload policy, one reload.
  @Test(arguments: [ListOffWindowUpdates.batch, .reload])
  func leavingTheWindowBetweenStages(policy: ListOffWindowUpdates) {
    let old = [Group("a", items: [Item(1), Item(2)]), Group("b", items: [Item(3)])]
    let new = [Group("b", items: [Item(3, revision: 1), Item(1)]), Group("a", items: [Item(2)])]
    let (updater, view) = makeSectioned(old)
    updater.offWindowUpdates = policy
    view.completesImmediately = false
    updater.apply(SectionedListChange(old: old, new: new))
    let batchesInWindow = view.batches.count
    view.isInWindow = false
    view.finishAnimations()
    switch policy {
    case .batch:
      #expect(view.batches.count > batchesInWindow)
      #expect(view.animations.dropFirst(batchesInWindow).allSatisfy { !$0.isAnimated })
      #expect(!view.events.contains(.reload))
    case .reload:
      #expect(view.events.last == .reload)
    }
    #expect(view.shown == new)
    #expect(view.problems == [])
  }

  @Test func aThresholdOfZeroReloadsEveryChange() {
    let (updater, view) = makeList(items([1]), threshold: 0)
    updater.apply(ListChange(old: items([1]), new: items([1, 2])))
    #expect(view.events == [.reload])
  }
}
