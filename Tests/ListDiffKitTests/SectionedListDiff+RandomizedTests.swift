import ListDiffKit
import ListDiffTestSupport
import TestSupport
import Testing

/// Draws a random pair of sectioned lists: sections and items are deleted, inserted, moved
/// (items also across sections) and changed; identifiers repeat now and then.
func randomSectionedPair(using random: inout SeededRandomNumberGenerator) -> (
  old: [TestSection], new: [TestSection]
) {
  // Small pools make duplicate identifiers common; large ones make them rare.
  let uniqueIdentifiers = Bool.random(using: &random)
  let sectionPool = uniqueIdentifiers ? 1_000 : Int.random(in: 1...10, using: &random)
  let itemPool = uniqueIdentifiers ? 100_000 : Int.random(in: 1...50, using: &random)
  func randomItem(_ random: inout SeededRandomNumberGenerator) -> ListDiffTestItem {
    ListDiffTestItem(
      Int.random(in: 0..<itemPool, using: &random), revision: Int.random(in: 0...1, using: &random))
  }
  let old = (0..<Int.random(in: 0...6, using: &random)).map { _ in
    TestSection(
      ListDiffTestItem(Int.random(in: 0..<sectionPool, using: &random)),
      items: (0..<Int.random(in: 0...8, using: &random)).map { _ in randomItem(&random) })
  }
  var new = old
  for _ in 0..<Int.random(in: 0...10, using: &random) {
    switch Int.random(in: 0..<9, using: &random) {
    case 0 where !new.isEmpty:
      new.remove(at: Int.random(in: new.indices, using: &random))
    case 1:
      new.insert(
        TestSection(
          ListDiffTestItem(Int.random(in: 0..<sectionPool + 3, using: &random)),
          items: (0..<Int.random(in: 0...4, using: &random)).map { _ in randomItem(&random) }),
        at: Int.random(in: 0...new.count, using: &random))
    case 2 where !new.isEmpty:
      let section = new.remove(at: Int.random(in: new.indices, using: &random))
      new.insert(section, at: Int.random(in: 0...new.count, using: &random))
    case 3 where !new.isEmpty:
      new[Int.random(in: new.indices, using: &random)].model.revision += 1
    case 4 where !new.isEmpty:
      let section = Int.random(in: new.indices, using: &random)
      if !new[section].items.isEmpty {
        new[section].items.remove(at: Int.random(in: new[section].items.indices, using: &random))
      }
    case 5 where !new.isEmpty:
      let section = Int.random(in: new.indices, using: &random)
      new[section].items.insert(
        randomItem(&random), at: Int.random(in: 0...new[section].items.count, using: &random))
    case 6, 7:
      // Move an item, within its section or to another one.
      guard !new.isEmpty else { break }
      let from = Int.random(in: new.indices, using: &random)
      guard !new[from].items.isEmpty else { break }
      let item = new[from].items.remove(
        at: Int.random(in: new[from].items.indices, using: &random))
      let to = Int.random(in: new.indices, using: &random)
      new[to].items.insert(item, at: Int.random(in: 0...new[to].items.count, using: &random))
    case 8 where !new.isEmpty:
      let section = Int.random(in: new.indices, using: &random)
      if !new[section].items.isEmpty {
        new[section].items[Int.random(in: new[section].items.indices, using: &random)].revision += 1
      }
    default:
      break
    }
  }
  return (old, new)
}

@Suite("SectionedListDiff: randomized properties")
struct SectionedListDiffRandomizedTests {
  static let seed: UInt64 = 0x5EC7_10B5
  static let caseCount = 6_000

  @Test("every stage replays under UIKit's rules and the last one shows the new data")
  func randomCases() {
    var failures = 0
    var movesChecked = 0
    defer { #expect(movesChecked > Self.caseCount / 5, "too few cases checked for fewest moves") }
    for index in 0..<Self.caseCount {
      var random = SeededRandomNumberGenerator.forCase(index, of: Self.seed)
      let (old, new) = randomSectionedPair(using: &random)
      let unchanged = old == new
      for staging in [SectionedListDiff<TestSection>.Staging.preservingMoves, .singleBatch] {
        let diff = SectionedListDiff(old: old, new: new, staging: staging)
        var problems: [String] = []
        if let violation = BatchUpdateChecker.check(diff, old: old, new: new) {
          problems.append("\(violation)")
        }
        if diff.hasChanges == unchanged { problems.append("hasChanges is \(diff.hasChanges)") }
        let maximum = staging == .singleBatch ? 1 : 3
        if diff.stages.count > maximum { problems.append("\(diff.stages.count) stages") }
        if diff.stages.contains(where: { $0.update.isEmpty }) { problems.append("an empty stage") }
        if staging == .preservingMoves, let expected = expectedItemMoveCount(old: old, new: new),
          diff.hasChanges
        {
          movesChecked += 1
          let moves = diff.stages.reduce(0) { $0 + $1.update.moves.count }
          if moves != expected {
            problems.append("\(moves) item moves, the fewest is \(expected)")
          }
        }
        if !problems.isEmpty {
          failures += 1
          Issue.record(
            "seed \(Self.seed) case \(index) \(staging): \(problems) old \(old) new \(new)")
          if failures > 5 { return }
        }
      }
    }
  }
}

/// The fewest item moves for a first stage, computed independently when every section and
/// item identifier is unique on each side (so that the pairing is unambiguous): an item moves
/// when it changes between two sections that both survive (matched, not deleted or
/// inserted), and within a section all but a longest increasing run of its items move.
func expectedItemMoveCount(old: [TestSection], new: [TestSection]) -> Int? {
  let oldSectionIDs = old.map(\.model.id)
  let newSectionIDs = new.map(\.model.id)
  let oldItemIDs = old.flatMap { $0.items.map(\.id) }
  let newItemIDs = new.flatMap { $0.items.map(\.id) }
  guard Set(oldSectionIDs).count == old.count, Set(newSectionIDs).count == new.count,
    Set(oldItemIDs).count == oldItemIDs.count, Set(newItemIDs).count == newItemIDs.count
  else { return nil }
  var oldPlace: [Int: (section: Int, item: Int)] = [:]
  for section in old {
    for (itemIndex, item) in section.items.enumerated() {
      oldPlace[item.id] = (section.model.id, itemIndex)
    }
  }
  let surviving = Set(oldSectionIDs).intersection(newSectionIDs)
  var moves = 0
  for section in new where surviving.contains(section.model.id) {
    var sameSection: [Int] = []
    for item in section.items {
      guard let place = oldPlace[item.id], surviving.contains(place.section) else { continue }
      if place.section == section.model.id {
        sameSection.append(place.item)
      } else {
        moves += 1
      }
    }
    moves += sameSection.count - ListDiffVerifier.longestIncreasingSubsequenceLength(sameSection)
  }
  return moves
}
