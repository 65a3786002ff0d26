import ListDiffTestSupport
import Testing

@testable import ListDiffKit

@Suite("SectionedListDiff phases: each stage's data")
struct StageSnapshotsTests {
  @Test func afterTheSectionBatchSectionsHoldTheirOldItems() {
    let snapshots = Phases("A: 1 2 | B: 3 4 | C: 5", "C: 5 6 | A: 2 1'1 | B: 3")
      .snapshots(.preservingMoves)
    #expect(snapshots.afterSectionBatch() == sections("C: 5 | A: 1 2 | B: 3 4"))
    #expect(snapshots.beforeReloads() == sections("C: 5 6 | A: 2 1 | B: 3"))
    #expect(snapshots.stages().count == 3)
  }

  @Test func sectionsReloadedLaterKeepTheirOldModel() {
    let itemBatch = Phases("A: 1 | B: 2 | C: 3", "C: 3 4 | B'1: 2 | A: 1")
      .snapshots(.preservingMoves)
    #expect(itemBatch.afterSectionBatch() == sections("C: 3 | B: 2 | A: 1"))
    let reloadBatch = Phases("A: 1 2 | B: 3", "A'1: 2 | B: 3 1").snapshots(.preservingMoves)
    #expect(reloadBatch.beforeReloads() == sections("A: 2 | B: 3 1"))
    #expect(
      reloadBatch.stages().map(\.sections) == [
        sections("A: 2 | B: 3 1"), sections("A'1: 2 | B: 3 1"),
      ])
  }

  @Test func noChangesNoStages() {
    #expect(Phases("A: 1", "A: 1").snapshots(.preservingMoves).stages().isEmpty)
  }
}
