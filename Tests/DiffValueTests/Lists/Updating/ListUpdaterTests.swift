import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import Testing

typealias Item = ListDiffTestItem

/// Items with these identifiers, all at one revision.
func items(_ ids: [Int], revision: Int = 0) -> [Item] { ids.map { Item($0, revision: revision) } }

/// An updater and the simulated view that reads its items.
@MainActor
func makeList(_ items: [Item], threshold: Int = 300)
  -> (ListUpdater<Item>, SimulatedListView<String, Item>)
{
  var updater: ListUpdater<Item>!
  let view = SimulatedListView(showingItems: items) { updater.items }
  updater = ListUpdater(view: view, items: items, reloadThreshold: threshold)
  return (updater, view)
}

extension SimulatedListView {
  /// The batch updates the view received, in order.
  var batches: [BatchUpdate] {
    events.compactMap { if case .batch(let update) = $0 { update } else { nil } }
  }

  /// The index paths of the cells re-bound, in order.
  var rebound: [IndexPath] {
    events.compactMap { if case .rebind(let indexPath) = $0 { indexPath } else { nil } }
  }
}

@MainActor
@Suite struct ListUpdaterTests {
  @Test func aChangeBecomesOneValidBatchAndCompletes() {
    let (updater, view) = makeList(items([1, 2, 3, 4]))
    var completed = false
    updater.apply(ListChange(old: items([1, 2, 3, 4]), new: items([4, 2, 5, 1]))) {
      completed = true
    }
    #expect(completed)
    #expect(view.problems == [])
    #expect(view.shownItems == items([4, 2, 5, 1]))
    #expect(view.batches.count == 1)
  }

  @Test func contentChangesInPlaceRebindBindableCellsAndReloadTheOthers() {
    let (updater, view) = makeList(items([1, 2, 3]))
    view.isBindable = { $0[1] != 2 }  // the third cell is a plain cell
    let new = [Item(1, revision: 1), Item(2), Item(3, revision: 1)]
    updater.apply(ListChange(old: items([1, 2, 3]), new: new))
    #expect(view.problems == [])
    #expect(view.shownItems == new)
    #expect(view.batches == [BatchUpdate(reloads: [[0, 2]])])
    #expect(view.rebound == [[0, 0]])
  }

  /// Defect 1: `[1,2,3,4,5]` → `[0,1,2,3′,4,5]` deleted and re-inserted item 3, replacing its
  /// bindable cell.
  ///
  /// Now the cell shifts with its neighbours and is re-bound.
  @Test func aChangedRowThatOnlyShiftsKeepsItsBindableCell() {
    let old = items([1, 2, 3, 4, 5])
    let new = [Item(0), Item(1), Item(2), Item(3, revision: 1), Item(4), Item(5)]
    let (updater, view) = makeList(old)
    view.isBindable = { _ in true }
    let cell = view.cellIdentity(at: [0, 2])
    updater.apply(ListChange(old: old, new: new))
    #expect(view.problems == [])
    #expect(view.shownItems == new)
    #expect(view.batches == [BatchUpdate(inserts: [[0, 0]])])
    #expect(view.rebound == [[0, 3]])
    #expect(view.cellIdentity(at: [0, 3]) == cell)
  }

  /// IGListKit's `test_whenUpdating_withViewModelMovesAndReloads_thatCellUpdatedAndInstanceSame`:
  /// an item that moves and changes keeps its cell, re-bound, and so do the others.
  @Test func aChangedRowThatMovesKeepsItsBindableCell() {
    let old = [Item(1), Item(2), Item(42)]
    let new = [Item(42, revision: 1), Item(1), Item(2)]
    let (updater, view) = makeList(old)
    view.isBindable = { _ in true }
    let cells = (0..<3).map { view.cellIdentity(at: [0, $0]) }
    updater.apply(ListChange(old: old, new: new))
    #expect(view.problems == [])
    #expect(view.shownItems == new)
    #expect(view.batches == [BatchUpdate(moves: [.init(from: [0, 2], to: [0, 0])])])
    #expect(view.rebound == [[0, 0]])
    #expect([0, 1, 2].map { view.cellIdentity(at: [0, $0]) } == [cells[2], cells[0], cells[1]])
  }

  /// Without a bindable cell, a changed row that shifts or moves is deleted and inserted, so
  /// that it shows the new content at once (a reload works only in place).
  @Test func aChangedPlainRowThatShiftsOrMovesIsReplaced() {
    let old = [Item(1), Item(2), Item(3)]
    let new = [Item(0), Item(3, revision: 1), Item(1, revision: 1), Item(2)]
    let (updater, view) = makeList(old)
    updater.apply(ListChange(old: old, new: new))
    #expect(view.problems == [])
    #expect(view.shownItems == new)
    #expect(view.rebound == [])
    #expect(
      view.batches == [
        BatchUpdate(deletes: [[0, 0], [0, 2]], inserts: [[0, 0], [0, 1], [0, 2]])
      ])
  }

  /// A bindable cell off screen is not there to re-bind: the row is replaced.
  @Test func aChangedRowOffScreenIsReplaced() {
    let old = items([1, 2])
    let new = [Item(0), Item(1, revision: 1), Item(2)]
    let (updater, view) = makeList(old)
    view.isBindable = { _ in true }
    view.isOnScreen = { $0[1] != 0 }
    updater.apply(ListChange(old: old, new: new))
    #expect(view.problems == [])
    #expect(view.shownItems == new)
    #expect(view.batches == [BatchUpdate(deletes: [[0, 0]], inserts: [[0, 0], [0, 1]])])
  }

  @Test func aLargeChangeReloads() {
    let (updater, view) = makeList(items(Array(0..<10)), threshold: 5)
    updater.apply(ListChange(old: items(Array(0..<10)), new: items(Array(10..<20))))
    #expect(view.events == [.reload])
    #expect(view.shownItems == items(Array(10..<20)))
  }

  @Test func showDiffsAgainstWhatTheViewShows() {
    let (updater, view) = makeList(items([1, 2, 3]))
    updater.show(items([3, 1]))
    #expect(view.problems == [])
    #expect(view.shownItems == items([3, 1]))
    #expect(updater.items == items([3, 1]))
  }

  @Test func bindFollowsADiffProperty() async {
    let model = ItemsModel()
    let (updater, view) = makeList(model.items)
    let subscription = updater.bind(to: model.$items)
    model.items = items([3, 1, 2])
    model.items = items([3, 2])
    for _ in 0..<1_000 where view.shownItems != items([3, 2]) { await Task.yield() }
    #expect(view.shownItems == items([3, 2]))
    #expect(view.problems == [])
    _ = subscription
  }

  @Test func listChangesAreComputedOncePerValueAndShared() {
    let model = ItemsModel()
    var first: [ListDiff] = []
    var second: [ListDiff] = []
    let a = model.$items.listChanges.sink { first.append($0.diff) }
    let b = model.$items.listChanges.sink { second.append($0.diff) }
    model.items = items([2, 1, 3])
    model.items = items([2, 1, 3])  // no change: nothing published
    model.items = items([2])
    #expect(first.count == 2)
    #expect(first == second)
    #expect(first[0].moves.count == 1)
    _ = (a, b)
  }
}

final class ItemsModel {
  @Diff var items: [Item] = [Item(1), Item(2), Item(3)]
}

@MainActor
@Suite struct ListUpdaterEdgeTests {
  @Test func aChangeWithNothingToAnimateStillSwapsTheModels() {
    struct Row: Identifiable, Equatable, Diffable {
      var id: Int
      var note: String  // ignored by isContentEqual
      func isContentEqual(to other: Row) -> Bool { id == other.id }
    }
    var updater: ListUpdater<Row>!
    let old = [Row(id: 1, note: "a")]
    let new = [Row(id: 1, note: "b")]
    let view = SimulatedListView(showingItems: old) { updater.items }
    updater = ListUpdater(view: view, items: old)
    updater.apply(ListChange(old: old, new: new))
    #expect(updater.items == new)
    #expect(view.events == [])
  }

  /// A change built on other data than shown (a write that slipped in before the updater was
  /// bound) is diffed again from what the view shows: still a valid batch, no reload.
  @Test func aChangeBuiltOnOtherDataIsDiffedFromWhatIsShown() {
    let (updater, view) = makeList([Item(1), Item(2)])
    updater.apply(ListChange(old: [Item(1), Item(2), Item(3)], new: [Item(3)]))
    #expect(view.batches == [BatchUpdate(deletes: [[0, 0], [0, 1]], inserts: [[0, 0]])])
    #expect(view.shownItems == [Item(3)])
    #expect(view.problems == [])
  }

  /// A change whose diff was computed for other lists is diffed again: the view gets the
  /// batch that turns what it shows into `new`, and the next change still applies cleanly.
  @Test(arguments: [
    // Another count: the diff adds nothing.
    (items([1, 2, 3]), ListDiff(old: items([1, 2]), new: items([1, 2]))),
    // The same counts, other items: the diff swaps 1 and 2.
    (items([1, 3]), ListDiff(old: items([1, 2]), new: items([2, 1]))),
    // The same items, new content the diff does not mark updated.
    ([Item(1), Item(2, revision: 1)], ListDiff(old: items([1, 2]), new: items([1, 2]))),
  ])
  func aChangeWhoseDiffIsOfOtherListsIsDiffedAgain(new: [Item], diff: ListDiff) {
    let (updater, view) = makeList(items([1, 2]))
    updater.apply(ListChange(old: items([1, 2]), new: new, diff: diff))
    #expect(view.shownItems == new)
    #expect(view.batches == [ListDiff(old: items([1, 2]), new: new).batchUpdate()])
    updater.apply(ListChange(old: new, new: items([4])))
    #expect(view.shownItems == items([4]))
    #expect(view.problems == [])
  }
}
