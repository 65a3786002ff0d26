import Foundation
import ListDiffKit
import ListDiffTestSupport
import TestSupport
import Testing

typealias TestSection = ListSection<ListDiffTestItem, ListDiffTestItem>

/// Parses "A: 1 2 | B'1: 3" into sections: a letter names a section (a quote marks its
/// revision), numbers are items as in `items(_:)`.
func sections(_ text: String) -> [TestSection] {
  text.split(separator: "|").map { part in
    let halves = part.split(separator: ":", maxSplits: 1)
    let name = halves[0].trimmingCharacters(in: .whitespaces).split(separator: "'")
    let model = ListDiffTestItem(
      Int(name[0].unicodeScalars.first!.value), revision: name.count > 1 ? Int(name[1])! : 0)
    let body = halves.count > 1 ? String(halves[1]) : ""
    return TestSection(model, items: body.split(separator: " ").isEmpty ? [] : items(body))
  }
}

@Suite("SectionedListDiff")
struct SectionedListDiffTests {
  @Test func noChangesNoStages() {
    let old = sections("A: 1 2 | B: 3")
    let diff = SectionedListDiff(old: old, new: old)
    #expect(diff.stages.isEmpty && !diff.hasChanges && diff.changeCount == 0)
  }

  @Test func itemMovesAcrossSectionsInOneStage() {
    let old = sections("A: 1 2 3 | B: 4 5")
    let new = sections("A: 1 3 | B: 4 2 5")
    let diff = SectionedListDiff(old: old, new: new)
    #expect(diff.stages.count == 1)
    let update = diff.stages[0].update
    #expect(update.moves == [itemMove(path(0, 1), path(1, 1))])
    #expect(update.deletes.isEmpty && update.inserts.isEmpty && update.reloads.isEmpty)
    #expect(BatchUpdateChecker.check(diff, old: old, new: new) == nil)
  }

  @Test func sectionMoveAndItemChangesElsewhereShareOneStage() {
    let old = sections("A: 1 2 | B: 3 | C: 5")
    let new = sections("C: 5 | A: 1 2 9 | B: 3")
    let diff = SectionedListDiff(old: old, new: new)
    #expect(
      diff.stages.map(\.update) == [
        BatchUpdate(sectionMoves: [BatchUpdate.SectionMove(from: 2, to: 0)], inserts: [path(1, 2)])
      ])
    #expect(BatchUpdateChecker.check(diff, old: old, new: new) == nil)
  }

  @Test func itemChangesInAMovedSectionWaitForTheSectionsToMove() {
    let old = sections("A: 1 2 | B: 3 4 | C: 5")
    let new = sections("C: 5 6 | A: 2 1'1 | B: 3")
    let diff = SectionedListDiff(old: old, new: new)
    #expect(diff.stages.count == 3)
    #expect(
      diff.stages[0].update
        == BatchUpdate(sectionMoves: [BatchUpdate.SectionMove(from: 2, to: 0)]))
    #expect(diff.stages[0].sections == sections("C: 5 | A: 1 2 | B: 3 4"))
    // In the coordinates after the section move: C is 0, A is 1, B is 2.
    #expect(
      diff.stages[1].update
        == BatchUpdate(
          deletes: [path(2, 1)], inserts: [path(0, 1)], moves: [itemMove(path(1, 1), path(1, 0))]))
    #expect(diff.stages[1].sections == sections("C: 5 6 | A: 2 1 | B: 3"))
    // 1 kept its place among A's items but not its index path: reloaded once it is there.
    #expect(diff.stages[2].update == BatchUpdate(reloads: [path(1, 1)]))
    #expect(BatchUpdateChecker.check(diff, old: old, new: new) == nil)

    // In one batch, the moved section with item changes is deleted and inserted instead, and
    // 1, which changed and whose index path changes, is deleted and inserted.
    let single = SectionedListDiff(old: old, new: new, staging: .singleBatch)
    #expect(
      single.stages.map(\.update) == [
        BatchUpdate(
          sectionDeletes: [2], sectionInserts: [0], deletes: [path(0, 0), path(1, 1)],
          inserts: [path(1, 1)], moves: [itemMove(path(0, 1), path(1, 0))])
      ])
    #expect(BatchUpdateChecker.check(single, old: old, new: new) == nil)
  }

  @Test func changedMovedSectionIsReloadedInTheItemStage() {
    let old = sections("A: 1 | B: 2 | C: 3")
    let new = sections("C: 3 4 | B'1: 2 | A: 1")
    let diff = SectionedListDiff(old: old, new: new)
    #expect(
      diff.stages.map(\.update) == [
        BatchUpdate(sectionMoves: [.init(from: 2, to: 0), .init(from: 1, to: 1)]),
        BatchUpdate(sectionReloads: [1], inserts: [path(0, 1)]),
      ])
    #expect(BatchUpdateChecker.check(diff, old: old, new: new) == nil)
  }

  @Test func movedAndUpdatedItemForcesSecondStage() {
    let old = sections("A: 1 2 3")
    let new = sections("A: 3'1 1 2")
    let diff = SectionedListDiff(old: old, new: new)
    #expect(diff.stages.count == 2)
    #expect(diff.stages[0].update.moves == [itemMove(path(0, 2), path(0, 0))])
    #expect(diff.stages[0].sections == sections("A: 3 1 2"))
    #expect(diff.stages[1].update == BatchUpdate(reloads: [path(0, 0)]))
    #expect(diff.stages[1].sections == new)
    #expect(BatchUpdateChecker.check(diff, old: old, new: new) == nil)

    let single = SectionedListDiff(old: old, new: new, staging: .singleBatch)
    #expect(single.stages.count == 1)
    #expect(single.stages[0].update == BatchUpdate(deletes: [path(0, 2)], inserts: [path(0, 0)]))
    #expect(BatchUpdateChecker.check(single, old: old, new: new) == nil)
  }

  @Test func changedSectionWithoutOtherChangesIsReloadedInTheFirstStage() {
    let old = sections("A: 1 2 | B: 3")
    let new = sections("A'1: 1 2'1 | B: 3")
    let diff = SectionedListDiff(old: old, new: new)
    #expect(diff.stages.count == 1)
    #expect(diff.stages[0].update == BatchUpdate(sectionReloads: [0]))
    #expect(BatchUpdateChecker.check(diff, old: old, new: new) == nil)
  }

  @Test func changedSectionWithItemChangesIsReloadedInTheSecondStage() {
    let old = sections("A: 1 2 | B: 3")
    let new = sections("A'1: 2 | B: 3 1")
    let diff = SectionedListDiff(old: old, new: new)
    #expect(diff.stages.count == 2)
    #expect(diff.stages[0].update.moves == [itemMove(path(0, 0), path(1, 1))])
    #expect(diff.stages[0].sections == sections("A: 2 | B: 3 1"))
    #expect(diff.stages[1].update == BatchUpdate(sectionReloads: [0]))
    #expect(BatchUpdateChecker.check(diff, old: old, new: new) == nil)

    let single = SectionedListDiff(old: old, new: new, staging: .singleBatch)
    #expect(single.stages.count == 1)
    #expect(
      single.stages[0].update
        == BatchUpdate(sectionReloads: [0], inserts: [path(1, 1)]))
    #expect(BatchUpdateChecker.check(single, old: old, new: new) == nil)
  }

  @Test func itemsOfDeletedAndInsertedSectionsGoWithThem() {
    let old = sections("A: 1 2 | B: 3 4")
    let new = sections("B: 3 | C: 4 1")
    let diff = SectionedListDiff(old: old, new: new)
    #expect(diff.stages.count == 1)
    let update = diff.stages[0].update
    #expect(update.sectionDeletes == [0] && update.sectionInserts == [1])
    // 4 leaves B for the inserted C: a delete in B; 1 and 2 go with A.
    #expect(update.deletes == [path(1, 1)])
    #expect(update.inserts.isEmpty && update.moves.isEmpty)
    #expect(BatchUpdateChecker.check(diff, old: old, new: new) == nil)
  }

  @Test func emptySides() {
    let some = sections("A: 1 | B:")
    let toEmpty = SectionedListDiff(old: some, new: [])
    #expect(toEmpty.stages.map(\.update) == [BatchUpdate(sectionDeletes: [0, 1])])
    let fromEmpty = SectionedListDiff(old: [], new: some)
    #expect(fromEmpty.stages.map(\.update) == [BatchUpdate(sectionInserts: [0, 1])])
    #expect(BatchUpdateChecker.check(fromEmpty, old: [], new: some) == nil)
  }

  @Test func checkerCatchesAWrongStage() {
    let old = sections("A: 1 2")
    let new = sections("A: 2 1'1")
    let diff = SectionedListDiff(old: old, new: new)
    #expect(BatchUpdateChecker.check(diff, old: old, new: sections("A: 2 1")) != nil)
    #expect(BatchUpdateChecker.check(diff, old: sections("A: 1 2 3"), new: new)?.stage == 0)
  }

  @Test func flatBatchUpdateInAMovedSection() {
    // Section A moves from 0 to 1 while its items change: the flat diff's batch update takes
    // the old and the new section numbers separately.
    let old = [ListSection("A", items: [1, 2, 3]), ListSection("B", items: [9])]
    let new = [ListSection("B", items: [9]), ListSection("A", items: [3, 1, 4])]
    var update = ListDiff(old: old[0].items, new: new[1].items).batchUpdate(
      oldSection: 0, newSection: 1)
    update.sectionMoves = [BatchUpdate.SectionMove(from: 1, to: 0)]
    #expect(update.moves == [itemMove(path(0, 2), path(1, 0))])
    #expect(BatchUpdateChecker.check(update, old: old, new: new) == nil)
  }
}

/// A section whose items differ on every read: a caller bug the diff stops at with a message.
private struct ShiftingSection: DiffableSection {
  nonisolated(unsafe) static var reads = 0
  var id: Int
  var items: [ListDiffTestItem] {
    Self.reads += 1
    return (0..<Self.reads).map { ListDiffTestItem($0) }
  }
  var diffIdentifier: Int { id }
  func isContentEqual(to other: ShiftingSection) -> Bool { true }
  init(id: Int) { self.id = id }
  init(section: ShiftingSection, items: [ListDiffTestItem]) { self = section }
}

@Suite struct SectionedListDiffCallerBugTests {
  @Test func itemsThatChangeWhileTheDiffReadsThemStopTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = SectionedListDiff(old: [ShiftingSection(id: 0)], new: [ShiftingSection(id: 0)])
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("DiffableSection.items must return the same items on every read"))
  }
}
