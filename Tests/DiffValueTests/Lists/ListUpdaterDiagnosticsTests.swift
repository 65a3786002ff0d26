import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// In debug builds each batch is checked with `BatchUpdateChecker` before the view gets it;
/// a failing one is reported and replaced by a reload, before UIKit would throw.
@MainActor
@Suite struct ListUpdaterDiagnosticsTests {
  /// A `ListChange` built with another list's diff (its `old` matches what is shown, so the
  /// updater trusts it): the batch would break the counts.
  @Test func aBatchThatBreaksTheRulesIsReportedAndReloaded() {
    let (updater, view) = makeList(items([1, 2, 3]))
    var reports: [InvalidBatch] = []
    updater.onInvalidBatch = { reports.append($0) }
    let wrongDiff = ListDiff(old: items([1, 2, 3]), new: items([1, 2, 3, 4, 5]))
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([1]), diff: wrongDiff))
    #expect(reports.count == 1)
    #expect(
      reports.first?.violation
        == .itemOutOfRange(.insert, [0, 3], itemCount: 1, beforeUpdate: false))
    #expect(view.events == [.reload])
    #expect(view.shownItems == items([1]))
    #expect(view.problems == [])
  }

  /// Items whose content changes but whose diff says nothing did: the kept cells would show
  /// stale content (rule 7), caught too.
  @Test func aStaleCellIsReported() {
    let (updater, view) = makeList(items([1, 2]))
    var reports: [InvalidBatch] = []
    updater.onInvalidBatch = { reports.append($0) }
    let diff = ListDiff(old: items([1, 2]), new: items([2, 1]))  // no update for item 1
    updater.apply(
      ListChange(old: items([1, 2]), new: [Item(2), Item(1, revision: 1)], diff: diff))
    #expect(reports.map(\.violation) == [.wrongItem([0, 1])])
    #expect(view.events == [.reload])
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
