#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A one-section batch update as the two calls a view that applies row changes in sequence
/// (NSTableView) needs: the rows to remove, numbered before the update, then the rows to
/// insert, numbered after it.
///
/// UIKit's batch names positions before and after the whole update at once; NSTableView
/// applies each call to the rows as they are at that point. Removing every row that leaves
/// its place (deleted, moved from, or reloaded: a reload is a delete plus an insert that pins
/// the item) in one call, then inserting every row that arrives, gives the same result.
///
/// - Parameter update: A batch update of section 0, without section operations.
/// - Returns: The rows to remove, then the rows to insert, each ascending.
/// - Complexity: O(*u* log *u*) for *u* operations.
func rowChangesInSequence(for update: BatchUpdate) -> (removed: [Int], inserted: [Int]) {
  let removed =
    update.deletes.map { $0[1] } + update.moves.map { $0.from[1] }
    + update.reloads.map { $0[1] }
  let inserted =
    update.inserts.map { $0[1] } + update.moves.map { $0.to[1] }
    + update.reloads.map { $0[1] }
  return (Array(Set(removed)).sorted(), Array(Set(inserted)).sorted())
}
