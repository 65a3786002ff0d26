import ListDiffKit
import ListDiffTestSupport
import TestSupport
import Testing

/// A hand-written case: old and new lists and the exact diff expected.
struct ExpectedDiff: CustomTestStringConvertible, Sendable {
  var name: String
  var old: [ListDiffTestItem]
  var new: [ListDiffTestItem]
  var deletes: [Int] = []
  var inserts: [Int] = []
  var updates: [Int] = []
  var moves: [ListDiff.Move] = []

  var testDescription: String { name }
}

/// Parses "1 2 3'1" into items: a number is an id, a quote marks a revision.
func items(_ text: String) -> [ListDiffTestItem] {
  text.split(separator: " ").map { word in
    let parts = word.split(separator: "'")
    return ListDiffTestItem(Int(parts[0])!, revision: parts.count > 1 ? Int(parts[1])! : 0)
  }
}

func move(_ from: Int, _ to: Int) -> ListDiff.Move { ListDiff.Move(from: from, to: to) }

@Suite("ListDiff: hand-written cases")
struct ListDiffTests {
  static let cases: [ExpectedDiff] = [
    ExpectedDiff(name: "both empty", old: [], new: []),
    ExpectedDiff(name: "old empty", old: [], new: items("1 2 3"), inserts: [0, 1, 2]),
    ExpectedDiff(name: "new empty", old: items("1 2 3"), new: [], deletes: [0, 1, 2]),
    ExpectedDiff(name: "all equal", old: items("1 2 3"), new: items("1 2 3")),
    ExpectedDiff(name: "insert at start", old: items("1 2"), new: items("0 1 2"), inserts: [0]),
    ExpectedDiff(name: "insert at end", old: items("1 2"), new: items("1 2 3"), inserts: [2]),
    ExpectedDiff(name: "delete at start", old: items("1 2 3"), new: items("2 3"), deletes: [0]),
    ExpectedDiff(name: "delete at end", old: items("1 2 3"), new: items("1 2"), deletes: [2]),
    ExpectedDiff(
      name: "replace everything", old: items("1 2"), new: items("3 4"), deletes: [0, 1],
      inserts: [0, 1]),
    ExpectedDiff(name: "swap two", old: items("1 2"), new: items("2 1"), moves: [move(1, 0)]),
    ExpectedDiff(
      name: "swap ends", old: items("1 2 3 4"), new: items("4 2 3 1"),
      moves: [move(3, 0), move(0, 3)]),
    ExpectedDiff(
      name: "reversal", old: items("1 2 3 4"), new: items("4 3 2 1"),
      moves: [move(3, 0), move(2, 1), move(1, 2)]),
    ExpectedDiff(
      name: "move first to end", old: items("1 2 3 4"), new: items("2 3 4 1"),
      moves: [move(0, 3)]),
    ExpectedDiff(
      name: "move last to front", old: items("1 2 3 4"), new: items("4 1 2 3"),
      moves: [move(3, 0)]),
    ExpectedDiff(
      name: "updates in place", old: items("1 2 3"), new: items("1 2'1 3'1"), updates: [1, 2]),
    ExpectedDiff(
      name: "move with update", old: items("1 2 3"), new: items("3'1 1 2"), updates: [2],
      moves: [move(2, 0)]),
    ExpectedDiff(
      name: "everything at once", old: items("1 2 3 4 5"), new: items("5'2 2 6 4'1 1"),
      deletes: [2], inserts: [2], updates: [3, 4], moves: [move(4, 0), move(0, 4)]),
    ExpectedDiff(
      name: "duplicates pair in order", old: items("7 7 7"), new: items("7 7"), deletes: [2]),
    ExpectedDiff(
      name: "duplicates, extra new ones inserted", old: items("7 1"), new: items("1 7 7"),
      inserts: [2], moves: [move(1, 0)]),
    ExpectedDiff(
      name: "duplicates interleaved, paired in order", old: items("7 1 7 2"),
      new: items("1 7 2 7"), moves: [move(1, 0), move(3, 2)]),
    ExpectedDiff(
      name: "duplicates: common suffix kept in place", old: items("7 1 7"),
      new: items("1 7"), deletes: [0]),
    ExpectedDiff(
      name: "all one identifier, content changes", old: items("7 7'1 7"),
      new: items("7'1 7 7 7"), inserts: [3], updates: [0, 1]),
  ]

  @Test(arguments: cases)
  func exactResult(_ expected: ExpectedDiff) {
    let diff = ListDiff(old: expected.old, new: expected.new)
    #expect(diff.deletes == expected.deletes)
    #expect(diff.inserts == expected.inserts)
    #expect(diff.updates == expected.updates)
    #expect(diff.moves == expected.moves)
    #expect(
      diff.hasChanges
        == (expected.deletes.count + expected.inserts.count > 0
          || !expected.updates.isEmpty || !expected.moves.isEmpty))
    #expect(ListDiffVerifier.problems(in: diff, old: expected.old, new: expected.new) == [])
    let update = diff.batchUpdate()
    #expect(BatchUpdateChecker.check(update, old: expected.old, new: expected.new) == nil)
  }

  @Test func indexMaps() {
    let diff = ListDiff(old: ["a", "b", "c"], new: ["c", "a", "d"])
    #expect(diff.oldIndex(for: 0) == 2)
    #expect(diff.oldIndex(for: 1) == 0)
    #expect(diff.oldIndex(for: 2) == nil)
    #expect(diff.newIndex(for: 0) == 1)
    #expect(diff.newIndex(for: 1) == nil)
    #expect(diff.newIndex(for: 2) == 0)
    #expect(diff.changeCount == 3)
    #expect(diff.oldCount == 3 && diff.newCount == 3)
  }

  @Test func documentedExample() {
    let diff = ListDiff(old: ["a", "b", "c", "d"], new: ["b", "a", "d", "e"])
    #expect(diff.deletes == [2])
    #expect(diff.inserts == [3])
    #expect(diff.moves == [move(1, 0)])
  }

  @Test func indicesAreOffsetsForAnyCollection() {
    let old = [10, 20, 30, 40].dropFirst()  // indices 1..<4
    let new = [0, 0, 40, 20].dropFirst(2)  // indices 2..<4
    let diff = ListDiff(old: old, new: new)
    #expect(diff.deletes == [1])
    #expect(diff.moves == [move(2, 0)])
    let noContiguousStorage = ListDiff(old: (1...4).lazy.map { $0 }, new: (2...5).lazy.map { $0 })
    #expect(noContiguousStorage.deletes == [0] && noContiguousStorage.inserts == [3])
  }

  @Test func collidingHashesNeverPairDifferentItems() {
    let old = (0..<50).map(CollidingHashKey.init)
    let new = (25..<75).map(CollidingHashKey.init).reversed() as [CollidingHashKey]
    let diff = ListDiff(old: old, new: new)
    #expect(diff.deletes == Array(0..<25))
    #expect(diff.inserts == Array(0..<25))
    #expect(ListDiffVerifier.problems(in: diff, old: old, new: new) == [])
    let disjoint = ListDiff(old: [CollidingHashKey(1)], new: [CollidingHashKey(2)])
    #expect(disjoint.deletes == [0] && disjoint.inserts == [0] && disjoint.moves.isEmpty)
  }

  @Test func sameIdentifierEverywhereIsLinear() {
    let old = (0..<200_000).map { ListDiffTestItem(1, revision: $0 % 3) }
    let new = (0..<150_000).map { ListDiffTestItem(1, revision: $0 % 2) }
    let clock = ContinuousClock()
    var diff = ListDiff(old: [ListDiffTestItem](), new: [])
    let elapsed = clock.measure { diff = ListDiff(old: old, new: new) }
    #expect(diff.deletes == Array(150_000..<200_000))
    #expect(diff.inserts.isEmpty && diff.moves.isEmpty)
    #expect(elapsed < .seconds(5))
    // The replace-all policy hashes every item; still linear.
    let replaced = ListDiff(old: old, new: new, duplicates: .replaceAll)
    #expect(replaced.deletes.count == 200_000 && replaced.inserts.count == 150_000)
  }

  @Test func replaceAllNeverPairsDuplicates() {
    let diff = ListDiff(old: items("7 1 7 2"), new: items("2 7 1 3"), duplicates: .replaceAll)
    #expect(diff.deletes == [0, 2])
    #expect(diff.inserts == [1, 3])
    #expect(diff.moves == [move(3, 0)])
    #expect(diff.newIndex(for: 1) == 2)
    let duplicatedInNew = ListDiff(old: items("5"), new: items("5 5"), duplicates: .replaceAll)
    #expect(duplicatedInNew.deletes == [0] && duplicatedInNew.inserts == [0, 1])
  }

  @Test func updateDetectionByInstance() {
    let first = ListDiffTestObject(1, "a")
    let second = ListDiffTestObject(2, "b")
    let old = [first, second]
    let new = [first, ListDiffTestObject(2, "b")]
    #expect(ListDiff(old: old, new: new).updates.isEmpty)
    #expect(ListDiff(old: old, new: new, detectingUpdatesBy: .content).updates.isEmpty)
    #expect(ListDiff(old: old, new: new, detectingUpdatesBy: .instance).updates == [1])
  }
}

@Suite("ListDiff: description")
struct ListDiffDescriptionTests {
  @Test func compactDescription() {
    let diff = ListDiff(old: ["a", "b", "c", "d"], new: ["b", "a", "d", "e"])
    #expect("\(diff)" == "ListDiff(deletes: [2], inserts: [3], updates: [], moves: [1->0])")
  }
}

@Suite("ListDiff: caller bugs")
struct ListDiffCallerBugTests {
  /// An item whose identity changes every time it is read: a caller bug the diff survives.
  final class Unstable: Diffable {
    var reads = 0
    var diffIdentifier: Int {
      reads += 1
      return reads % 3
    }
    func isContentEqual(to other: Unstable) -> Bool { reads % 2 == 0 }
  }

  @Test func identityChangingWhileDiffingNeverCrashes() {
    for count in [0, 1, 2, 5, 50, 500] {
      let old = (0..<count).map { _ in Unstable() }
      let new = (0..<(count / 2 + 1)).map { _ in Unstable() } + old.shuffled()
      let diff = ListDiff(old: old, new: new)
      #expect(diff.oldCount - diff.deletes.count == diff.newCount - diff.inserts.count)
      let replaced = ListDiff(old: old, new: new, duplicates: .replaceAll)
      #expect(replaced.oldCount == count)
      let sectioned = SectionedListDiff(
        old: [ListSection(1, items: old)],
        new: [ListSection(1, items: new), ListSection(2, items: old)])
      #expect(sectioned.stages.count <= 3)
    }
  }
}
