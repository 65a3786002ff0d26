import Foundation
import Testing

@testable import ListDiffKit

/// Three sections, A (a0 a1), B (b0) and C (c0 c1 c2).
private let threeSections = [
  ListSection("A", items: ["a0", "a1"]), ListSection("B", items: ["b0"]),
  ListSection("C", items: ["c0", "c1", "c2"]),
]

@Suite("BatchUpdateChecker internals: the replay")
struct BatchUpdateReplayTests {
  /// The key that claims an index path keeps both its section and its item, whatever the
  /// width of `Int` (a 32-bit shift by 32 dropped the section).
  @Test func everyIndexPathHasAKeyOfItsOwn() {
    let paths = [path(0, 0), path(1, 0), path(0, 1), path(1, 1), path(Int(Int32.max), 7)]
    let keys = Set(paths.map(_BatchUpdateReplay<String, String>.key))
    #expect(keys.count == paths.count)
    // The same row in two sections, deleted in one batch: no conflict.
    let update = BatchUpdate(deletes: [path(0, 0), path(2, 0)])
    let new = [
      ListSection("A", items: ["a1"]), ListSection("B", items: ["b0"]),
      ListSection("C", items: ["c1", "c2"]),
    ]
    #expect(BatchUpdateChecker.check(update, old: threeSections, new: new) == nil)
  }

  @Test func aReloadClaimsItsPositionOnBothSides() {
    let update = BatchUpdate(
      sectionDeletes: [0], sectionInserts: [1], sectionMoves: [.init(from: 2, to: 0)],
      sectionReloads: [1], deletes: [path(1, 0)], inserts: [path(0, 1)],
      moves: [itemMove(path(0, 0), path(2, 0))], reloads: [path(2, 2)])
    let replay = _BatchUpdateReplay(old: threeSections, new: threeSections, update: update)
    #expect(replay.sectionOperations(on: .old).map(\.section) == [0, 1, 2])
    #expect(replay.sectionOperations(on: .old).map(\.operation) == [.delete, .reload, .move])
    #expect(replay.sectionOperations(on: .new).map(\.section) == [1, 1, 0])
    #expect(
      replay.sectionOperations(on: .new).map(\.fate) == [
        .inserted, .reloadedHere, .movedHere(from: 2),
      ])
    #expect(replay.itemOperations(on: .old).map(\.path) == [path(1, 0), path(2, 2), path(0, 0)])
    #expect(replay.itemOperations(on: .new).map(\.path) == [path(0, 1), path(2, 2), path(2, 0)])
  }

  @Test func untouchedSectionsFillTheFreeSlotsInOrder() {
    // A is deleted, C moves to the front, D is inserted last: B lands in slot 1.
    let new = [
      ListSection("C", items: ["c0", "c1", "c2"]), threeSections[1], ListSection("D", items: []),
    ]
    let update = BatchUpdate(
      sectionDeletes: [0], sectionInserts: [2], sectionMoves: [.init(from: 2, to: 0)])
    var replay = _BatchUpdateReplay(old: threeSections, new: new, update: update)
    #expect(replay.run() == nil)
    #expect(replay.sourceOfNew == [2, 1, -1])
    #expect(replay.newOfOld == [-1, 1, 0])
    #expect(replay.shown.map(\.model) == ["C", "B", "D"])
  }

  @Test func sectionsAreCheckedBeforeItemsAndTheOldSideBeforeTheNew() {
    // Broken on both sides and at both levels: the section rule on the old side comes first.
    let sectionsFirst = BatchUpdate(
      sectionDeletes: [7], sectionInserts: [0], deletes: [path(0, 9)], inserts: [path(9, 0)])
    #expect(
      BatchUpdateChecker.check(sectionsFirst, old: threeSections, new: threeSections)
        == .sectionOutOfRange(.delete, section: 7, sectionCount: 3, beforeUpdate: true))
    let oldSideFirst = BatchUpdate(deletes: [path(0, 9)], inserts: [path(9, 0)])
    #expect(
      BatchUpdateChecker.check(oldSideFirst, old: threeSections, new: threeSections)
        == .itemOutOfRange(.delete, path(0, 9), itemCount: 2, beforeUpdate: true))
  }

  @Test func eachItemRuleInTurnForOnePath() {
    // Section 0 is deleted and the path is out of range too: the section's lifetime (rule 5)
    // is checked before the item index (rule 1).
    let update = BatchUpdate(sectionDeletes: [0], deletes: [path(0, 9)])
    #expect(
      BatchUpdateChecker.check(update, old: threeSections, new: Array(threeSections.dropFirst()))
        == .itemInDeletedSection(.delete, path(0, 9)))
    // A move's destination in a section inserted in the same batch (rule 5, new side).
    let intoInserted = BatchUpdate(
      sectionInserts: [0], moves: [itemMove(path(0, 0), path(0, 0))])
    #expect(
      BatchUpdateChecker.check(
        intoInserted, old: threeSections, new: [ListSection("D", items: ["a0"])] + threeSections)
        == .itemInInsertedSection(.move, path(0, 0)))
  }

  @Test func bothSidesHoldOneValueEach() {
    var sides = _BothSides(old: [1], new: [2])
    sides[.old].append(3)
    sides[.new][0] = 4
    #expect(sides.old == [1, 3] && sides.new == [4])
    #expect(_UpdateSide.old.beforeUpdate && !_UpdateSide.new.beforeUpdate)
  }
}
