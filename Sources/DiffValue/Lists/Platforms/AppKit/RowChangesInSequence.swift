/// A one-section batch update as the calls a table view that applies them one after the other
/// (NSTableView) needs: the rows to remove, numbered before the update; moves, each numbered
/// as the rows are when it is made; then the rows to insert, numbered after the update.
///
/// UIKit's batch names positions before and after the whole update at once; NSTableView applies
/// each call to the rows as they are at that point. Removing the deleted rows (and the reloaded
/// ones: a reload is a delete plus an insert at one index path) in one call, moving each moved
/// row right after the row that precedes it in the new list, in the order of the new list, then
/// inserting the new rows gives the same result, and a moved row keeps its view.
struct RowChangesInSequence: Equatable {
  /// One `moveRow(at:to:)`: `to` is the row's index once it is moved.
  struct Move: Equatable {
    var from: Int
    var to: Int
  }

  /// Rows to remove, before the update, ascending.
  var removed: [Int]
  /// Moves, in order.
  var moves: [Move]
  /// Rows to insert, after the update, ascending.
  var inserted: [Int]

  /// Converts a batch update of section 0 without section operations.
  ///
  /// - Parameters:
  ///   - update: The batch update.
  ///   - oldCount: The number of rows before the update.
  /// - Complexity: O(*n* · *k*) for *n* rows and *k* moves.
  init(_ update: BatchUpdate, oldCount: Int) {
    removed = Set(update.deletes.map { $0[1] } + update.reloads.map { $0[1] }).sorted()
    inserted = Set(update.inserts.map { $0[1] } + update.reloads.map { $0[1] }).sorted()
    moves = []
    guard !update.moves.isEmpty else { return }

    // The rows left after the removals, by old index, and the order the new list wants them
    // in: moved rows where they go, the others filling the remaining places in their order.
    let isRemoved = Set(removed)
    let isInserted = Set(inserted)
    var movedFrom: [Int: Int] = [:]  // new index -> old index
    for move in update.moves { movedFrom[move.to[1]] = move.from[1] }
    let isMoved = Set(movedFrom.values)
    var current = (0..<oldCount).filter { !isRemoved.contains($0) }
    var kept = current.lazy.filter { !isMoved.contains($0) }.makeIterator()
    var wanted: [Int] = []
    wanted.reserveCapacity(current.count)
    for newIndex in 0..<(current.count + inserted.count) where !isInserted.contains(newIndex) {
      if let old = movedFrom[newIndex] {
        wanted.append(old)
      } else if let old = kept.next() {
        wanted.append(old)
      }
    }
    // Each moved row goes right after its predecessor in `wanted`, in the order of `wanted`:
    // the rows before it are then in place, so the end result is `wanted`.
    for (position, old) in wanted.enumerated() where isMoved.contains(old) {
      guard let from = current.firstIndex(of: old) else { continue }
      current.remove(at: from)
      let to = position == 0 ? 0 : (current.firstIndex(of: wanted[position - 1]) ?? -1) + 1
      current.insert(old, at: to)
      moves.append(Move(from: from, to: to))
    }
  }
}
