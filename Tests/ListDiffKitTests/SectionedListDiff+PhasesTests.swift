import Foundation
import ListDiffTestSupport
import TestSupport
import Testing

@testable import ListDiffKit

/// The phases of a sectioned diff of two lists written as in `sections(_:)`, for tests.
struct Phases {
  let old: [TestSection]
  let new: [TestSection]
  let sections: _SectionMatching
  let items: _ItemPairing

  init(_ old: String, _ new: String) {
    self.old = ListDiffKitTests.sections(old)
    self.new = ListDiffKitTests.sections(new)
    sections = _SectionMatching(old: self.old, new: self.new)
    items = _ItemPairing(old: self.old, new: self.new, sections: sections)
  }

  func fresh(_ staging: SectionedListDiff<TestSection>.Staging) -> _FreshSections {
    _FreshSections(sections: sections, singleBatch: staging == .singleBatch)
  }

  func changes(_ staging: SectionedListDiff<TestSection>.Staging) -> _ItemChanges {
    _ItemChanges(old: old, new: new, sections: sections, items: items, fresh: fresh(staging))
  }

  func plan(_ staging: SectionedListDiff<TestSection>.Staging) -> _StagePlan {
    _StagePlan(old: old, new: new, sections: sections, items: items, staging: staging)
  }

  func snapshots(_ staging: SectionedListDiff<TestSection>.Staging) -> _StageSnapshots<
    TestSection
  > {
    _StageSnapshots(old: old, new: new, items: items, plan: plan(staging))
  }
}

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
