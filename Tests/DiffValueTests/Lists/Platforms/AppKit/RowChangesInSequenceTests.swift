import ListDiffTestSupport
import TestSupport
import Testing

@testable import DiffValue

/// NSTableView applies removals, moves and insertions to the rows as they are at each call.
@MainActor
@Suite struct RowChangesInSequenceTests {
  /// Replays the calls as NSTableView applies them; a row that is neither removed nor
  /// inserted keeps its old value (its view), so a moved row must arrive with its old value.
  func replay(_ update: BatchUpdate, _ old: [ListDiffTestItem], _ new: [ListDiffTestItem])
    -> (shown: [ListDiffTestItem], moves: Int)
  {
    let rows = RowChangesInSequence(update, oldCount: old.count)
    var shown = old
    for row in rows.removed.reversed() { shown.remove(at: row) }
    for move in rows.moves { shown.insert(shown.remove(at: move.from), at: move.to) }
    for row in rows.inserted { shown.insert(new[row], at: row) }  // fetched from the new data
    return (shown, rows.moves.count)
  }

  @Test func aReloadedItemOutOfOrderStaysWhereItBelongs() {
    let old = [0, 1, 2, 3, 4].map { ListDiffTestItem($0) }
    let new = [
      ListDiffTestItem(4), ListDiffTestItem(3), ListDiffTestItem(2, revision: 1),
      ListDiffTestItem(0, revision: 1), ListDiffTestItem(1),
    ]
    #expect(replay(ListDiff(old: old, new: new).batchUpdate(), old, new).shown == new)
  }

  /// DifferenceKit's NSTableView extension counts offsets for each move; here each moved row
  /// goes after its new predecessor.
  ///
  /// Moving the last row to the top and the top one down.
  @Test func movesKeepTheirRows() {
    let old = [0, 1, 2, 3].map { ListDiffTestItem($0) }
    let new = [3, 1, 2, 0].map { ListDiffTestItem($0) }
    let update = ListDiff(old: old, new: new).batchUpdate()
    let result = replay(update, old, new)
    #expect(result.shown == new)
    #expect(result.moves == update.moves.count)
  }

  /// Random diffs as the updater sends them (moves kept, changed rows deleted and inserted)
  /// replay to the new list with one `moveRow` per move; the moved rows are never re-inserted.
  @Test func randomDiffsReplayToTheNewList() {
    let seed: UInt64 = 77
    var generator = SeededRandomNumberGenerator(seed: seed)
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
      // Rows re-bound in place (bindable cells) are kept or moved, not replaced: they arrive
      // with their old value, which the re-binding then changes.
      let diff = ListDiff(old: old, new: new)
      let rebinding = Bool.random(using: &generator)
      let update = ListBatch(diff, data: new).resolved { _ in
        rebinding ? ListBindableStub() : nil
      }.update
      let changed = Set(diff.updates)
      let expected = new.indices.map { index in
        guard rebinding, let source = diff.oldIndex(for: index), changed.contains(source) else {
          return new[index]
        }
        return old[source]
      }
      let result = replay(update, old, new)
      #expect(result.shown == expected, "seed \(seed), case \(index): \(old) → \(new)")
      #expect(result.moves == update.moves.count, "seed \(seed), case \(index)")
    }
  }
}

/// A cell that accepts any re-binding.
@MainActor
final class ListBindableStub: ListBindable {
  func bindViewModel(_ viewModel: Any) {}
}
