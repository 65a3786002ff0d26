import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// Plain cells whose item changed are reconfigured, where the view can: the cell stays, as a
/// bound one does (`reconfigureRows(at:)`, iOS 15 on).
@MainActor
@Suite struct ListUpdaterReconfigureTests {
  @Test func aPlainCellChangedInPlaceIsReconfigured() {
    let (updater, view) = makeList(items([1, 2, 3]))
    view.canReconfigureItems = true
    let cell = view.cellIdentity(at: [0, 1])
    let new = [Item(1), Item(2, revision: 1), Item(3)]
    updater.apply(ListChange(old: items([1, 2, 3]), new: new))
    #expect(view.problems == [])
    #expect(view.events == [.batch(BatchUpdate()), .reconfigure([0, 1])])
    #expect(view.cellIdentity(at: [0, 1]) == cell)
    #expect(view.shownItems == new)
  }

  /// A plain cell whose item shifts or moves goes along with its old content, then is
  /// reconfigured where it went, in an unanimated batch right after.
  @Test func aPlainCellThatShiftsOrMovesIsReconfiguredWhereItWent() {
    let old = [Item(1), Item(2), Item(3)]
    let new = [Item(0), Item(3, revision: 1), Item(1, revision: 1), Item(2)]
    let (updater, view) = makeList(old)
    view.canReconfigureItems = true
    let cells = (0..<3).map { view.cellIdentity(at: [0, $0]) }
    var completed = false
    updater.apply(ListChange(old: old, new: new)) { completed = true }
    #expect(view.problems == [])
    #expect(view.shownItems == new)
    #expect(view.batches.count == 2)
    #expect(view.batches[1] == BatchUpdate())
    #expect(view.events.suffix(2) == [.reconfigure([0, 1]), .reconfigure([0, 2])])
    #expect([1, 2, 3].map { view.cellIdentity(at: [0, $0]) } == [cells[2], cells[0], cells[1]])
    #expect(completed)
  }

  /// The follow-up batch waits for the first one's animation; the completion for both.
  @Test func theFollowUpWaitsForTheMoveToEnd() {
    let old = items([1, 2])
    let new = [Item(2), Item(1, revision: 1)]
    let (updater, view) = makeList(old)
    view.canReconfigureItems = true
    view.completesImmediately = false
    var completed = false
    updater.apply(ListChange(old: old, new: new)) { completed = true }
    #expect(view.batches.count == 1)
    #expect(view.shownItems == [Item(2), Item(1)])  // the moved cell, old content
    view.finishNextAnimation()
    #expect(view.batches.count == 2)
    #expect(!completed)
    view.finishAnimations()
    #expect(completed)
    #expect(view.shownItems == new)
    #expect(view.problems == [])
  }

  /// `changedCells: .reload` asks for new cells: they are reloaded (or replaced) as before.
  @Test func reloadIsAPerChangeOption() {
    let (updater, view) = makeList(items([1, 2]))
    view.canReconfigureItems = true
    let new = [Item(1, revision: 1), Item(2)]
    updater.apply(ListChange(old: items([1, 2]), new: new), changedCells: .reload)
    #expect(view.batches == [BatchUpdate(reloads: [[0, 0]])])
    updater.apply(ListChange(old: new, new: items([1, 2], revision: 2)))
    #expect(view.events.last == .reconfigure([0, 1]))
    #expect(view.problems == [])
  }

  /// Shown together, changes reload if one of them asked to.
  @Test func coalescedChangesReloadIfOneAsked() {
    let (updater, view) = makeList(items([1, 2]))
    view.canReconfigureItems = true
    view.completesImmediately = false
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 1])))
    updater.apply(
      ListChange(old: items([2, 1]), new: [Item(2, revision: 1), Item(1)]), changedCells: .reload)
    updater.apply(
      ListChange(old: [Item(2, revision: 1), Item(1)], new: items([2, 1], revision: 1)))
    view.finishAnimations()
    #expect(view.batches.last == BatchUpdate(reloads: [[0, 0], [0, 1]]))
    #expect(view.problems == [])
  }

  /// A bindable cell is still re-bound, beside a reconfigured plain one.
  @Test func bindableCellsAreStillRebound() {
    let (updater, view) = makeList(items([1, 2]))
    view.canReconfigureItems = true
    view.isBindable = { $0[1] == 0 }
    updater.apply(ListChange(old: items([1, 2]), new: items([1, 2], revision: 1)))
    #expect(view.events == [.batch(BatchUpdate()), .rebind([0, 0]), .reconfigure([0, 1])])
    #expect(view.problems == [])
  }

  /// A view that cannot reconfigure (AppKit's, or one of your own) reloads, as before.
  @Test func aViewThatCannotReconfigureReloads() {
    let (updater, view) = makeList(items([1, 2]))
    updater.apply(ListChange(old: items([1, 2]), new: [Item(1), Item(2, revision: 1)]))
    #expect(view.batches == [BatchUpdate(reloads: [[0, 1]])])
    #expect(view.problems == [])
  }

  /// A sectioned list reconfigures its in-place changes too, moved items after their stage.
  @Test func aSectionedListReconfigures() {
    let old = [Group("a", items: [Item(1), Item(2)]), Group("b", items: [Item(3)])]
    let new = [
      Group("b", items: [Item(3, revision: 1), Item(1, revision: 1)]), Group("a", items: [Item(2)]),
    ]
    let (updater, view) = makeSectioned(old)
    view.canReconfigureItems = true
    let cell = view.cellIdentity(at: [0, 0])
    updater.apply(SectionedListChange(old: old, new: new))
    #expect(view.problems == [])
    #expect(view.shown == new)
    #expect(view.cellIdentity(at: [0, 1]) == cell)
    #expect(
      !view.events.contains {
        if case .batch(let update) = $0 { !update.reloads.isEmpty } else { false }
      })
  }
}
