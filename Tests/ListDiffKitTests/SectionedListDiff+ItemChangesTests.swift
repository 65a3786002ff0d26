import ListDiffTestSupport
import Testing

@testable import ListDiffKit

@Suite("SectionedListDiff phases: classifying items")
struct ItemChangesTests {
  // C is deleted and D inserted; 5 leaves B for D, 4 moves from A to B and changes, 3 moves
  // within A, 2 stays in place and changes.
  let phases = Phases("A: 1 2 3 4 | B: 5 6 | C: 8", "A: 3 1 2'1 | B: 6 4'1 | D: 5 9")

  @Test func classifiesEveryChange() {
    let changes = phases.changes(.preservingMoves)
    #expect(changes.deletes == [_ItemChange(1, 0, -1, -1)])
    #expect(changes.inserts.isEmpty)
    #expect(changes.moves == [_ItemChange(0, 2, 0, 0)])
    #expect(changes.updatedMoves == [_ItemChange(0, 3, 1, 1)])
    #expect(changes.updatedStays == [_ItemChange(0, 1, 0, 2)])
    #expect(!changes.touchesMovedSection(phases.sections))
    #expect(changes.sectionsWithItemOperations(phases.sections) == [true, true, false])
  }

  @Test func itemsOfFreshSectionsComeAndGoWithThem() {
    // In one batch the changed section A is fresh: 4 moving out of it is an insert.
    let phases = Phases("A: 1 4 | B: 6", "A'1: 1 | B: 6 4")
    #expect(phases.changes(.preservingMoves).moves == [_ItemChange(0, 1, 1, 1)])
    let single = phases.changes(.singleBatch)
    #expect(single.inserts == [_ItemChange(-1, -1, 1, 1)])
    #expect(single.moves.isEmpty && single.deletes.isEmpty)
  }

  @Test func findsItemOperationsInMovedSections() {
    let phases = Phases("A: 1 | B: 2", "B: 2 3 | A: 1")
    #expect(phases.changes(.preservingMoves).touchesMovedSection(phases.sections))
  }
}
