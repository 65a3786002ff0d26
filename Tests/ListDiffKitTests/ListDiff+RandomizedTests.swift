import ListDiffKit
import ListDiffTestSupport
import TestSupport
import Testing

/// Draws a random pair of lists: small identifier pools make duplicates common, revisions
/// make updates, and either side may be empty.
func randomListPair(using random: inout SeededRandomNumberGenerator) -> (
  old: [ListDiffTestItem], new: [ListDiffTestItem]
) {
  let pool = Int.random(in: 1...60, using: &random)
  let oldCount = Int.random(in: 0...40, using: &random)
  let old = (0..<oldCount).map { _ in
    ListDiffTestItem(
      Int.random(in: 0..<pool, using: &random), revision: Int.random(in: 0...1, using: &random))
  }
  var new: [ListDiffTestItem]
  switch Int.random(in: 0..<4, using: &random) {
  case 0:
    // Unrelated lists.
    let newCount = Int.random(in: 0...40, using: &random)
    new = (0..<newCount).map { _ in
      ListDiffTestItem(
        Int.random(in: 0..<pool, using: &random), revision: Int.random(in: 0...1, using: &random))
    }
  default:
    // Edits of the old list: deletes, inserts, moves and content changes.
    new = old
    for _ in 0..<Int.random(in: 0...8, using: &random) {
      switch Int.random(in: 0..<4, using: &random) {
      case 0 where !new.isEmpty:
        new.remove(at: Int.random(in: new.indices, using: &random))
      case 1:
        new.insert(
          ListDiffTestItem(Int.random(in: 0..<pool + 5, using: &random)),
          at: Int.random(in: 0...new.count, using: &random))
      case 2 where !new.isEmpty:
        let item = new.remove(at: Int.random(in: new.indices, using: &random))
        new.insert(item, at: Int.random(in: 0...new.count, using: &random))
      case 3 where !new.isEmpty:
        new[Int.random(in: new.indices, using: &random)].revision += 1
      default:
        break
      }
    }
  }
  return (old, new)
}

@Suite("ListDiff: randomized properties")
struct ListDiffRandomizedTests {
  static let seed: UInt64 = 0x5EED_0001
  static let caseCount = 12_000

  @Test("every diff is exact, minimal in moves, and replays under UIKit's rules")
  func randomCases() {
    var failures = 0
    for index in 0..<Self.caseCount {
      var random = SeededRandomNumberGenerator.forCase(index, of: Self.seed)
      let (old, new) = randomListPair(using: &random)
      let diff = ListDiff(old: old, new: new)
      var problems = ListDiffVerifier.problems(in: diff, old: old, new: new)
      if let violation = BatchUpdateChecker.check(diff.batchUpdate(), old: old, new: new) {
        problems.append("batch update: \(violation)")
      }
      let oldSection = Int.random(in: 0...3, using: &random)
      let newSection = Int.random(in: 0...3, using: &random)
      let placed = diff.indexPaths(oldSection: oldSection, newSection: newSection)
      if placed.deletes.map({ $0[1] }) != diff.deletes
        || placed.deletes.contains(where: { $0[0] != oldSection })
        || placed.inserts.map({ $0[1] }) != diff.inserts
        || placed.inserts.contains(where: { $0[0] != newSection })
      {
        problems.append("index paths disagree with the diff")
      }
      if !problems.isEmpty {
        failures += 1
        Issue.record(
          "seed \(Self.seed) case \(index): old \(old) new \(new): \(problems.joined(separator: "; "))"
        )
        if failures > 5 { return }
      }
    }
  }

  @Test("replace-all pairs exactly the identifiers unique on both sides")
  func replaceAllPolicy() {
    for index in 0..<3_000 {
      var random = SeededRandomNumberGenerator.forCase(index, of: Self.seed ^ 0xAB)
      let (old, new) = randomListPair(using: &random)
      let diff = ListDiff(old: old, new: new, duplicates: .replaceAll)
      var problems = ListDiffVerifier.problems(
        in: diff, old: old, new: new, pairsAllOccurrences: false)
      var oldCounts: [Int: Int] = [:]
      var newCounts: [Int: Int] = [:]
      for item in old { oldCounts[item.id, default: 0] += 1 }
      for item in new { newCounts[item.id, default: 0] += 1 }
      for (newIndex, item) in new.enumerated() {
        let pairable = oldCounts[item.id] == 1 && newCounts[item.id] == 1
        if pairable != (diff.oldIndex(for: newIndex) != nil) {
          problems.append("new \(newIndex) (\(item)) pairing is wrong")
        }
      }
      if let violation = BatchUpdateChecker.check(diff.batchUpdate(), old: old, new: new) {
        problems.append("batch update: \(violation)")
      }
      if !problems.isEmpty {
        Issue.record(
          "seed \(Self.seed ^ 0xAB) case \(index): old \(old) new \(new): \(problems.joined(separator: "; "))"
        )
        return
      }
    }
  }

  @Test("large shuffled lists")
  func largeLists() {
    var random = SeededRandomNumberGenerator(seed: Self.seed)
    for round in 0..<4 {
      let old = (0..<1_000).map { ListDiffTestItem($0, revision: 0) }
      var new = old.filter { _ in Int.random(in: 0..<10, using: &random) > 0 }
      new.append(contentsOf: (1_000..<1_100).map { ListDiffTestItem($0) })
      new.shuffle(using: &random)
      for index in stride(from: 0, to: new.count, by: 7) { new[index].revision = 1 }
      let diff = ListDiff(old: old, new: new)
      let problems = ListDiffVerifier.problems(in: diff, old: old, new: new)
      #expect(problems == [], "seed \(Self.seed) round \(round)")
      #expect(BatchUpdateChecker.check(diff.batchUpdate(), old: old, new: new) == nil)
    }
  }

  /// Counts the content comparisons the diff makes.
  final class ComparisonCounter {
    var comparisons = 0
  }

  /// An item that counts its content comparisons.
  struct CountedItem: Diffable, CustomStringConvertible {
    var id: Int
    var revision: Int
    let counter: ComparisonCounter
    var diffIdentifier: Int { id }
    var description: String { "\(id)r\(revision)" }
    func isContentEqual(to other: CountedItem) -> Bool {
      counter.comparisons += 1
      return revision == other.revision
    }
  }

  @Test("content is compared once per pair, in the common ends and in the hashed middle alike")
  func contentComparedOncePerPair() {
    for index in 0..<400 {
      var random = SeededRandomNumberGenerator.forCase(index, of: Self.seed ^ 0xEF)
      let counter = ComparisonCounter()
      let count = Int.random(in: 0...300, using: &random)
      let pool = Int.random(in: 1...400, using: &random)
      let old = (0..<count).map { _ in
        CountedItem(id: Int.random(in: 0..<pool, using: &random), revision: 0, counter: counter)
      }
      var new = old
      // A changed middle between an untouched prefix and suffix, whatever their lengths.
      let start = Int.random(in: 0...count, using: &random)
      let end = Int.random(in: start...count, using: &random)
      new[start..<end].shuffle(using: &random)
      for position in new.indices where Int.random(in: 0..<3, using: &random) == 0 {
        new[position].revision = 1
      }
      let diff = ListDiff(old: old, new: new)
      let pairs = new.indices.filter { diff.oldIndex(for: $0) != nil }.count
      let comparisons = counter.comparisons
      let problems = ListDiffVerifier.problems(in: diff, old: old, new: new)
      #expect(
        comparisons == pairs && problems.isEmpty,
        "seed \(Self.seed ^ 0xEF) case \(index): \(comparisons) comparisons for \(pairs) pairs; \(problems)"
      )
    }
  }

  @Test("pairInOrder pairs exactly as documented: prefix and suffix in place, then in order")
  func documentedPairing() {
    for index in 0..<3_000 {
      var random = SeededRandomNumberGenerator.forCase(index, of: Self.seed ^ 0xCD)
      let (old, new) = randomListPair(using: &random)
      let diff = ListDiff(old: old, new: new)
      let expected = referencePairing(old: old.map(\.id), new: new.map(\.id))
      let actual = new.indices.map { diff.oldIndex(for: $0) }
      if actual != expected {
        let message =
          "seed \(Self.seed ^ 0xCD) case \(index): old \(old) new \(new): paired \(actual),"
          + " documented \(expected)"
        Issue.record(Comment(rawValue: message))
        return
      }
    }
  }
}

/// The pairing `DuplicatePolicy.pairInOrder` documents, by the book: the common prefix and
/// suffix pair in place, then each remaining new item takes the first remaining old item with
/// its identifier.
///
/// Returns, for each new offset, its old partner.
func referencePairing(old: [Int], new: [Int]) -> [Int?] {
  var prefix = 0
  while prefix < min(old.count, new.count) && old[prefix] == new[prefix] { prefix += 1 }
  var suffix = 0
  while suffix < min(old.count, new.count) - prefix
    && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
  {
    suffix += 1
  }
  var waiting: [Int: [Int]] = [:]
  for oldIndex in prefix..<(old.count - suffix) {
    waiting[old[oldIndex], default: []].append(oldIndex)
  }
  var result = [Int?](repeating: nil, count: new.count)
  for newIndex in 0..<prefix { result[newIndex] = newIndex }
  for distance in 1...max(1, suffix) where distance <= suffix {
    result[new.count - distance] = old.count - distance
  }
  for newIndex in prefix..<(new.count - suffix) {
    if var queue = waiting[new[newIndex]], !queue.isEmpty {
      result[newIndex] = queue.removeFirst()
      waiting[new[newIndex]] = queue
    }
  }
  return result
}
