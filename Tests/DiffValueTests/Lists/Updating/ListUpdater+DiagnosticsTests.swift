import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// In debug builds each batch is checked with `BatchUpdateChecker` before the view gets it;
/// a failing one is reported and replaced by a reload, before UIKit would throw.
@MainActor
@Suite struct ListUpdaterDiagnosticsTests {
  /// Content that changes behind the updater's back, between its diff and the batch (here from
  /// `shouldReload`, which runs in between): the kept cell would show stale content (rule 7).
  ///
  /// The check catches it, reports it and reloads. (A `ListChange` with another list's diff
  /// never gets this far: it is diffed again, see `ListUpdaterTests`.)
  @Test func aStaleCellIsReportedAndReloaded() {
    let shown = [ListDiffTestObject(1, "a"), ListDiffTestObject(2, "b")]
    var updater: ListUpdater<ListDiffTestObject>!
    let view = SimulatedListView(showingItems: shown) { updater.items }
    updater = ListUpdater(view: view, items: shown)
    var reports: [InvalidBatch] = []
    updater.onInvalidBatch = { reports.append($0) }
    let moved = ListDiffTestObject(1, "a")
    updater.shouldReload = { _ in
      moved.title = "changed"  // in place, after the diff saw "a"
      return false
    }
    updater.apply(ListChange(old: shown, new: [ListDiffTestObject(2, "b"), moved]))
    #expect(reports.map(\.violation) == [.wrongItem([0, 1])])
    #expect(view.events == [.reload])
    #expect(view.shownItems == [ListDiffTestObject(2, "b"), ListDiffTestObject(1, "changed")])
    #expect(view.problems == [])
  }

  @Test func validBatchesAreNotReported() {
    let (updater, view) = makeList(items([1, 2, 3]))
    view.isBindable = { $0[1] == 0 }
    var reports: [InvalidBatch] = []
    updater.onInvalidBatch = { reports.append($0) }
    updater.apply(
      ListChange(old: items([1, 2, 3]), new: [Item(0), Item(3), Item(1, revision: 1)]))
    #expect(reports == [])
    #expect(view.problems == [])
  }

  /// A sectioned change carries its stages' data: one whose diff does not lead to its `new`
  /// sections is diffed again rather than trusted.
  @Test func aSectionedChangeWithAnotherDiffIsDiffedAgain() {
    let old = [Group("a", items: [Item(1)])]
    let (updater, view) = makeSectioned(old)
    var reports: [InvalidBatch] = []
    updater.onInvalidBatch = { reports.append($0) }
    let wrong = SectionedListDiff(old: old, new: [Group("a", items: [Item(1), Item(2)])])
    updater.apply(SectionedListChange(old: old, new: [Group("a", items: [])], diff: wrong))
    #expect(reports == [])
    #expect(view.batches == [BatchUpdate(deletes: [[0, 0]])])
    #expect(view.shown == [Group("a", items: [])])
    #expect(view.problems == [])
  }
}
