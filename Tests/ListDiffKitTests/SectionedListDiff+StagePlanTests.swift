import ListDiffTestSupport
import Testing

@testable import ListDiffKit

@Suite("SectionedListDiff phases: planning the stages")
struct StagePlanTests {
  @Test func ruleOneItemChangesInAMovedSection() {
    let phases = Phases("A: 1 2 | B: 3 4 | C: 5", "C: 5 6 | A: 2 1'1 | B: 3")
    let preserving = phases.plan(.preservingMoves)
    #expect(preserving.splitsItems)
    // Item operations use the sections' new numbers: C is 0, A is 1, B is 2.
    #expect(preserving.itemBatch.deletes == [path(2, 1)])
    #expect(preserving.itemBatch.inserts == [path(0, 1)])
    let single = phases.plan(.singleBatch)
    #expect(!single.splitsItems)
    #expect(single.fresh.old == [false, false, true] && single.fresh.new == [true, false, false])
    #expect(single.sectionBatch.sectionDeletes == [2] && single.sectionBatch.sectionInserts == [0])
  }

  @Test func ruleTwoAChangedItemThatMoves() {
    let phases = Phases("A: 1 2 3", "A: 3'1 1 2")
    let preserving = phases.plan(.preservingMoves)
    #expect(preserving.itemBatch.moves == [itemMove(path(0, 2), path(0, 0))])
    #expect(preserving.reloadBatch.reloads == [path(0, 0)])
    #expect(preserving.showsOldItem == [true, false, false])
    let single = phases.plan(.singleBatch)
    #expect(single.itemBatch == BatchUpdate(deletes: [path(0, 2)], inserts: [path(0, 0)]))
    #expect(single.reloadBatch.isEmpty && single.showsOldItem.isEmpty)
  }

  @Test func ruleTwoAChangedItemThatShifts() {
    let phases = Phases("A: 1 2", "A: 0 1 2'1")
    let preserving = phases.plan(.preservingMoves)
    #expect(preserving.itemBatch == BatchUpdate(inserts: [path(0, 0)]))
    #expect(preserving.reloadBatch == BatchUpdate(reloads: [path(0, 2)]))
    let single = phases.plan(.singleBatch)
    #expect(
      single.itemBatch == BatchUpdate(deletes: [path(0, 1)], inserts: [path(0, 0), path(0, 2)]))
    // In place, a changed item is reloaded in the item batch.
    let inPlace = Phases("A: 1 2", "A: 1 2'1").plan(.preservingMoves)
    #expect(inPlace.itemBatch == BatchUpdate(reloads: [path(0, 1)]) && inPlace.reloadBatch.isEmpty)
    // In a section that moves, even to its own index, the reload waits for the reload batch.
    let movedSection = Phases("A: 1 | B: 2 | C: 3", "C: 3 | B: 2'1 | A: 1").plan(.preservingMoves)
    #expect(movedSection.itemBatch.reloads.isEmpty)
    #expect(movedSection.reloadBatch.reloads == [path(1, 0)])
  }

  @Test func ruleThreeAChangedSection() {
    // In place and without item changes: the section batch.
    let alone = Phases("A: 1 | B: 2", "A'1: 1 | B: 2").plan(.preservingMoves)
    #expect(alone.sectionReloads == [.sectionBatch, .none])
    #expect(alone.sectionBatch.sectionReloads == [0])
    // With item changes: the reload batch, which refreshes its items; in one batch, in place.
    let busy = Phases("A: 1 2 | B: 3", "A'1: 2 | B: 3 1")
    #expect(busy.plan(.preservingMoves).sectionReloads == [.reloadBatch, .none])
    #expect(busy.plan(.preservingMoves).reloadBatch == BatchUpdate(sectionReloads: [0]))
    #expect(busy.plan(.singleBatch).sectionReloads == [.sectionBatch, .none])
    // Without item changes while items have a stage of their own: the item batch.
    let split = Phases("A: 1 | B: 2 | C: 3", "C: 3 4 | B'1: 2 | A: 1").plan(.preservingMoves)
    #expect(split.sectionReloads == [.none, .itemBatch, .none])
    #expect(split.itemBatch.sectionReloads == [1])
    // Moved: the reload batch; in one batch, a delete and an insert.
    let moved = Phases("A: 1 | B: 2", "B'1: 2 | A: 1")
    #expect(moved.plan(.preservingMoves).sectionReloads == [.reloadBatch, .none])
    let single = moved.plan(.singleBatch).sectionBatch
    #expect(single.sectionDeletes.contains(1) && single.sectionInserts.contains(0))
    #expect(single.sectionReloads.isEmpty)
  }

  @Test func aSectionReloadCoversItsItemsReloads() {
    let plan = Phases("A: 1 2 | B: 3", "A'1: 2'1 1 | B: 3").plan(.preservingMoves)
    #expect(plan.reloadBatch == BatchUpdate(sectionReloads: [0]))
  }
}
