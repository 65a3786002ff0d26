import TestSupport
import Testing

@testable import DiffValue

/// NSTableView applies row removals, then insertions, to the rows as they are at each call.
@Suite struct RowChangesInSequenceTests {
  func replay(_ old: [ListDiffTestItem], _ new: [ListDiffTestItem]) -> [ListDiffTestItem] {
    let rows = rowChangesInSequence(for: ListDiff(old: old, new: new).batchUpdate())
    var shown = old
    for row in rows.removed.reversed() { shown.remove(at: row) }
    for row in rows.inserted { shown.insert(new[row], at: row) }  // fetched from the new data
    return shown
  }

  @Test func aReloadedItemOutOfOrderStaysWhereItBelongs() {
    let old = [0, 1, 2, 3, 4].map { ListDiffTestItem($0) }
    let new = [
      ListDiffTestItem(4), ListDiffTestItem(3), ListDiffTestItem(2, revision: 1),
      ListDiffTestItem(0, revision: 1), ListDiffTestItem(1),
    ]
    #expect(replay(old, new) == new)
  }

  @Test func randomDiffsReplayToTheNewList() {
    var generator = SeededRandomNumberGenerator(seed: 77)
    for index in 0..<2_000 {
      let old = (0..<Int.random(in: 0..<12, using: &generator)).map {
        ListDiffTestItem($0, revision: Int.random(in: 0..<2, using: &generator))
      }
      var new = old.filter { _ in Bool.random(using: &generator) }.shuffled(using: &generator)
      for position in new.indices where Bool.random(using: &generator) {
        new[position].revision += 1
      }
      for _ in 0..<Int.random(in: 0..<3, using: &generator) {
        new.insert(
          ListDiffTestItem(100 + index), at: Int.random(in: 0...new.count, using: &generator))
      }
      #expect(replay(old, new) == new, "case \(index): \(old) → \(new)")
    }
  }
}
