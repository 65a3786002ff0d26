import ListDiffTestSupport
import Testing

@testable import ListDiffKit

@Suite("SectionedListDiff phases: pairing items")
struct ItemPairingTests {
  @Test func numbersItemsAcrossSections() {
    let items = Phases("A: 1 2 7 | B: 7 3", "B: 3 7 | A: 7 1 9").items
    #expect(items.oldStart == [0, 3, 5] && items.newStart == [0, 2, 5])
    #expect(items.oldSectionOfItem == [0, 0, 0, 1, 1])
    #expect(items.newSectionOfItem == [0, 0, 1, 1, 1])
    #expect(items.oldItemCount == 5 && items.newItemCount == 5)
  }

  @Test func anIdentifierInSeveralSectionsPairsWithinItsOwnSectionFirst() {
    // Each section's 7 pairs with the 7 of the same section, though in-order pairing across
    // all items would pair A's 7 with B's.
    let items = Phases("A: 1 2 7 | B: 7 3", "B: 3 7 | A: 7 1 9").items
    #expect(items.newIndexOfOld == [3, -1, 2, 1, 0])
    #expect(items.oldIndexOfNew == [4, 3, 2, 0, -1])
  }

  @Test func leftoversPairAcrossSections() {
    let phases = Phases("A: 1 2 | B: 3", "A: 1 | B: 3 2")
    #expect(phases.items.newIndexOfOld == [0, 2, 1])
    #expect(phases.items.oldIndexOfNew == [0, 2, 1])
    #expect(phases.items.oldItem(1, in: phases.old) == ListDiffTestItem(2))
  }
}
