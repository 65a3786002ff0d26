import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// Changes the user made in the view (drag to reorder, swipe to delete) are already shown;
/// the model's change that follows must not animate them again (IGListKit's `moveObject`).
@MainActor
@Suite struct ListUpdaterUserChangeTests {
  /// IGListKit's `test_viewModelsUpdate_afterCellHasBeenMoved`.
  @Test func aRowTheUserMovedIsNotMovedAgain() {
    let model = ItemsModel()
    model.items = items([7, 8, 20])
    let (updater, view) = makeList(model.items)
    let subscription = updater.bind(to: model.$items)
    let cell = view.cellIdentity(at: [0, 0])
    view.simulateUserMove(from: [0, 0], to: [0, 2])
    // The data source's tableView(_:moveRowAt:to:):
    var moved = model.items
    moved.append(moved.removeFirst())
    updater.applyAlreadyShown(moved)
    model.items = moved
    #expect(view.events == [])
    #expect(updater.items == items([8, 20, 7]))
    #expect(view.cellIdentity(at: [0, 2]) == cell)
    // The next change starts from there.
    model.items = items([8, 7])
    #expect(view.shownItems == items([8, 7]))
    #expect(view.problems == [])
    _ = subscription
  }

  @Test func aRowTheUserDeletedIsNotDeletedAgain() {
    let (updater, view) = makeList(items([1, 2, 3]))
    view.simulateUserDelete(at: [0, 1])
    updater.applyAlreadyShown(items([1, 3]))
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([1, 3])))
    #expect(view.events == [])
    #expect(view.shownItems == items([1, 3]))
    #expect(view.problems == [])
  }

  /// Without `applyAlreadyShown`, the model's change would be animated on top of the user's,
  /// which the simulated view reports as UIKit would refuse it.
  @Test func withoutItTheViewAndTheDataDisagree() {
    let (updater, view) = makeList(items([1, 2, 3]))
    view.simulateUserDelete(at: [0, 1])
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([1, 3])))
    #expect(!view.problems.isEmpty)
  }

  /// A user's move while a batch animates: the batch completes, and the changes after it are
  /// diffed from what the user left.
  @Test func aUserMoveDuringAnAnimation() {
    let (updater, view) = makeList(items([1, 2, 3]))
    view.completesImmediately = false
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([1, 2, 3, 4])))
    view.simulateUserMove(from: [0, 3], to: [0, 0])
    updater.applyAlreadyShown(items([4, 1, 2, 3]))
    updater.apply(ListChange(old: items([4, 1, 2, 3]), new: items([4, 1, 3])))
    view.finishAnimations()
    #expect(view.shownItems == items([4, 1, 3]))
    #expect(view.problems == [])
  }

  @Test func sectionedUserMoveAcrossSections() {
    let old = [Group("a", items: [Item(1), Item(2)]), Group("b", items: [Item(3)])]
    let moved = [Group("a", items: [Item(2)]), Group("b", items: [Item(1), Item(3)])]
    let (updater, view) = makeSectioned(old)
    view.simulateUserMove(from: [0, 0], to: [1, 0])
    updater.applyAlreadyShown(moved)
    updater.apply(SectionedListChange(old: old, new: moved))
    #expect(view.events == [])
    #expect(view.shown == moved)
    #expect(view.problems == [])
  }
}
