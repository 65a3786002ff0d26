import Foundation
import ListDiffKit
import ListDiffTestSupport
import TestSupport
import Testing

func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }

func itemMove(_ from: IndexPath, _ to: IndexPath) -> BatchUpdate.Move {
  BatchUpdate.Move(from: from, to: to)
}

/// A batch update and the violation the checker must report for it.
struct CheckerCase: CustomTestStringConvertible, Sendable {
  var name: String
  var old: [ListSection<String, String>]
  var new: [ListSection<String, String>]
  var update: BatchUpdate
  var expected: BatchUpdateViolation?
  var testDescription: String { name }
}

/// Two sections, A (a0 a1 a2) and B (b0 b1).
let twoSections = [
  ListSection("A", items: ["a0", "a1", "a2"]), ListSection("B", items: ["b0", "b1"]),
]

@Suite("BatchUpdateChecker")
struct BatchUpdateCheckerTests {
  static let cases: [CheckerCase] = [
    CheckerCase(
      name: "valid: delete, insert, move and reload together",
      old: twoSections,
      new: [ListSection("A", items: ["x", "a1'", "a2"]), ListSection("B", items: ["b1", "b0"])],
      update: BatchUpdate(
        deletes: [path(0, 0)], inserts: [path(0, 0)],
        moves: [itemMove(path(1, 1), path(1, 0))], reloads: [path(0, 1)]),
      expected: nil),
    CheckerCase(
      name: "valid: item moves across sections while another section moves",
      old: twoSections + [ListSection("C", items: ["c0"])],
      new: [
        ListSection("C", items: ["c0"]), ListSection("A", items: ["a1", "a2"]),
        ListSection("B", items: ["b0", "a0", "b1"]),
      ],
      update: BatchUpdate(
        sectionMoves: [.init(from: 2, to: 0)], moves: [itemMove(path(0, 0), path(2, 1))]),
      expected: nil),
    CheckerCase(
      name: "item moved into a moved section",
      old: twoSections,
      new: [ListSection("B", items: ["b0", "a0", "b1"]), ListSection("A", items: ["a1", "a2"])],
      update: BatchUpdate(
        sectionMoves: [.init(from: 1, to: 0)], moves: [itemMove(path(0, 0), path(0, 1))]),
      expected: .itemInMovedSection(.move, path(0, 1), beforeUpdate: false)),
    CheckerCase(
      name: "item deleted from a moved section",
      old: twoSections,
      new: [ListSection("B", items: ["b1"]), ListSection("A", items: ["a0", "a1", "a2"])],
      update: BatchUpdate(sectionMoves: [.init(from: 1, to: 0)], deletes: [path(1, 0)]),
      expected: .itemInMovedSection(.delete, path(1, 0), beforeUpdate: true)),
    CheckerCase(
      name: "reloaded item shifted by an insert shows the wrong cell",
      old: twoSections,
      new: [ListSection("A", items: ["x", "a0", "a1'", "a2"]), twoSections[1]],
      update: BatchUpdate(inserts: [path(0, 0)], reloads: [path(0, 1)]),
      expected: .wrongItem(path(0, 2))),
    CheckerCase(
      name: "reload lands on an inserted index path",
      old: twoSections,
      new: [ListSection("A", items: ["x", "a0'", "a1", "a2"]), twoSections[1]],
      update: BatchUpdate(inserts: [path(0, 0)], reloads: [path(0, 0)]),
      expected: .itemConflict(.insert, .reload, path(0, 0), beforeUpdate: false)),
    CheckerCase(
      name: "reloaded section displaced by an insert",
      old: twoSections,
      new: [ListSection("C", items: []), ListSection("A'", items: ["a0"]), twoSections[1]],
      update: BatchUpdate(sectionInserts: [0], sectionReloads: [0]),
      expected: .sectionConflict(.insert, .reload, section: 0, beforeUpdate: false)),
    CheckerCase(
      name: "valid: section insert, delete and reload",
      old: twoSections,
      new: [ListSection("C", items: ["c0"]), ListSection("B'", items: ["b9"])],
      update: BatchUpdate(sectionDeletes: [0], sectionInserts: [0], sectionReloads: [1]),
      expected: nil),
    CheckerCase(
      name: "item deleted past the end",
      old: twoSections, new: twoSections,
      update: BatchUpdate(deletes: [path(0, 3)]),
      expected: .itemOutOfRange(.delete, path(0, 3), itemCount: 3, beforeUpdate: true)),
    CheckerCase(
      name: "item inserted past the end",
      old: twoSections,
      new: [
        ListSection("A", items: ["a0", "a1", "a2", "x"]), ListSection("B", items: ["b0", "b1"]),
      ],
      update: BatchUpdate(inserts: [path(0, 4)]),
      expected: .itemOutOfRange(.insert, path(0, 4), itemCount: 4, beforeUpdate: false)),
    CheckerCase(
      name: "section deleted out of range",
      old: twoSections, new: [twoSections[0]],
      update: BatchUpdate(sectionDeletes: [2]),
      expected: .sectionOutOfRange(.delete, section: 2, sectionCount: 2, beforeUpdate: true)),
    CheckerCase(
      name: "same index path deleted and reloaded",
      old: twoSections, new: [ListSection("A", items: ["a1", "a2"]), twoSections[1]],
      update: BatchUpdate(deletes: [path(0, 0)], reloads: [path(0, 0)]),
      expected: .itemConflict(.delete, .reload, path(0, 0), beforeUpdate: true)),
    CheckerCase(
      name: "same index path deleted and moved",
      old: twoSections, new: twoSections,
      update: BatchUpdate(deletes: [path(0, 0)], moves: [itemMove(path(0, 0), path(0, 2))]),
      expected: .itemConflict(.delete, .move, path(0, 0), beforeUpdate: true)),
    CheckerCase(
      name: "moved item reloaded",
      old: twoSections, new: twoSections,
      update: BatchUpdate(moves: [itemMove(path(0, 0), path(0, 2))], reloads: [path(0, 0)]),
      expected: .itemConflict(.reload, .move, path(0, 0), beforeUpdate: true)),
    CheckerCase(
      name: "moved twice from the same index path",
      old: twoSections, new: twoSections,
      update: BatchUpdate(moves: [
        itemMove(path(0, 0), path(0, 1)), itemMove(path(0, 0), path(0, 2)),
      ]),
      expected: .itemConflict(.move, .move, path(0, 0), beforeUpdate: true)),
    CheckerCase(
      name: "inserted twice",
      old: twoSections, new: twoSections,
      update: BatchUpdate(inserts: [path(1, 0), path(1, 0)]),
      expected: .itemConflict(.insert, .insert, path(1, 0), beforeUpdate: false)),
    CheckerCase(
      name: "inserted and moved to",
      old: twoSections, new: twoSections,
      update: BatchUpdate(inserts: [path(0, 0)], moves: [itemMove(path(0, 2), path(0, 0))]),
      expected: .itemConflict(.insert, .move, path(0, 0), beforeUpdate: false)),
    CheckerCase(
      name: "item count mismatch",
      old: twoSections, new: twoSections,
      update: BatchUpdate(deletes: [path(0, 0)]),
      expected: .itemCountMismatch(
        section: 0, before: 3, after: 3, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0)),
    CheckerCase(
      name: "section count mismatch",
      old: twoSections, new: twoSections,
      update: BatchUpdate(sectionInserts: [1]),
      expected: .sectionCountMismatch(before: 2, after: 2, inserted: 1, deleted: 0)),
    CheckerCase(
      name: "section deleted and reloaded",
      old: twoSections, new: [twoSections[1]],
      update: BatchUpdate(sectionDeletes: [0], sectionReloads: [0]),
      expected: .sectionConflict(.delete, .reload, section: 0, beforeUpdate: true)),
    CheckerCase(
      name: "section deleted and moved",
      old: twoSections, new: [twoSections[1]],
      update: BatchUpdate(sectionDeletes: [0], sectionMoves: [.init(from: 0, to: 0)]),
      expected: .sectionConflict(.delete, .move, section: 0, beforeUpdate: true)),
    CheckerCase(
      name: "section inserted and moved to",
      old: twoSections, new: twoSections + [ListSection("C", items: [])],
      update: BatchUpdate(sectionInserts: [0], sectionMoves: [.init(from: 1, to: 0)]),
      expected: .sectionConflict(.insert, .move, section: 0, beforeUpdate: false)),
    CheckerCase(
      name: "item deleted in a deleted section",
      old: twoSections, new: [twoSections[1]],
      update: BatchUpdate(sectionDeletes: [0], deletes: [path(0, 1)]),
      expected: .itemInDeletedSection(.delete, path(0, 1))),
    CheckerCase(
      name: "item moved into an inserted section",
      old: twoSections,
      new: [
        ListSection("A", items: ["a1", "a2"]), ListSection("C", items: ["a0"]), twoSections[1],
      ],
      update: BatchUpdate(sectionInserts: [1], moves: [itemMove(path(0, 0), path(1, 0))]),
      expected: .itemInInsertedSection(.move, path(1, 0))),
    CheckerCase(
      name: "moved and updated item not reloaded",
      old: twoSections,
      new: [ListSection("A", items: ["a1", "a2", "a0'"]), twoSections[1]],
      update: BatchUpdate(moves: [itemMove(path(0, 0), path(0, 2))]),
      expected: .wrongItem(path(0, 2))),
    CheckerCase(
      name: "updated section model not reloaded",
      old: twoSections,
      new: [ListSection("A'", items: ["a0", "a1", "a2"]), twoSections[1]],
      update: BatchUpdate(),
      expected: .staleSection(section: 0)),
    CheckerCase(
      name: "right counts, wrong order",
      old: twoSections,
      new: [ListSection("A", items: ["a1", "a0", "a2"]), twoSections[1]],
      update: BatchUpdate(),
      expected: .wrongItem(path(0, 0))),
    CheckerCase(
      name: "malformed index path",
      old: twoSections, new: twoSections,
      update: BatchUpdate(reloads: [IndexPath(indexes: [0])]),
      expected: .malformedIndexPath(.reload, IndexPath(indexes: [0]))),
  ]

  @Test(arguments: cases)
  func reportsTheBrokenRule(_ checkerCase: CheckerCase) {
    let violation = BatchUpdateChecker.check(
      checkerCase.update, old: checkerCase.old, new: checkerCase.new)
    #expect(violation == checkerCase.expected)
    if let violation { #expect(!violation.description.isEmpty) }
  }

  @Test func messagesReadLikeUIKit() {
    #expect(
      BatchUpdateViolation.itemConflict(.delete, .reload, path(0, 3), beforeUpdate: true)
        .description == "attempt to delete and reload the same index path [0, 3]")
    #expect(
      BatchUpdateViolation.itemConflict(.insert, .move, path(0, 1), beforeUpdate: false)
        .description == "attempt to perform an insert and a move to the same index path [0, 1]")
    #expect(
      BatchUpdateViolation.itemOutOfRange(.delete, path(0, 5), itemCount: 5, beforeUpdate: true)
        .description
        == "attempt to delete item 5 from section 0 which only contains 5 items before the update"
    )
  }

  @Test func applyShowsStaleContentOfUnreloadedItems() {
    let old = [ListSection("S", items: [ListDiffTestItem(1), ListDiffTestItem(2)])]
    let new = [ListSection("S", items: [ListDiffTestItem(2, revision: 1), ListDiffTestItem(1)])]
    let update = BatchUpdate(moves: [itemMove(path(0, 1), path(0, 0))])
    let shown = try? BatchUpdateChecker.apply(update, to: old, reference: new).get()
    #expect(shown?[0].items == [ListDiffTestItem(2), ListDiffTestItem(1)])
  }
}
