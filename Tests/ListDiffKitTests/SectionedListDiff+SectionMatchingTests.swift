import ListDiffTestSupport
import Testing

@testable import ListDiffKit

@Suite("SectionedListDiff phases: matching sections")
struct SectionMatchingTests {
  // A and B stay in order, C moves to the front, D is deleted, E inserted, B changed.
  let phases = Phases("A: | B: | C: | D:", "C: | A: | E: | B'1:")

  @Test func indexesTheSectionDiffBothWays() {
    let matching = phases.sections
    #expect(matching.newSectionOfOld == [1, 3, 0, -1])
    #expect(matching.oldSectionOfNew == [2, 0, -1, 1])
    #expect(matching.moved == [true, false, false, false])
    #expect(matching.updated == [false, false, false, true])
    #expect(matching.isMoved(oldSection: 2) && !matching.isMoved(oldSection: 0))
    #expect(!matching.isMoved(oldSection: 3))
    #expect(matching.oldCount == 4 && matching.newCount == 4)
  }

  @Test func freshSectionsAreDeletedAndInsertedOnesAndInOneBatchChangedOnes() {
    let preserving = phases.fresh(.preservingMoves)
    #expect(preserving.old == [false, false, false, true])
    #expect(preserving.new == [false, false, true, false])
    let single = phases.fresh(.singleBatch)
    #expect(single.old == [false, true, false, true])
    #expect(single.new == [false, false, true, true])
  }
}
