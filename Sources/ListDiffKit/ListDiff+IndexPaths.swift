#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ListDiff {
  /// Returns the diff as one batch update of a single section, ready for `performBatchUpdates`.
  ///
  /// Deletes, the `from` of moves and reloads use `oldSection`; inserts and the `to` of moves
  /// use `newSection`, so a section whose index changes (because sections before it come and
  /// go) keeps its items' paths right. A section that is itself moved with `moveSection` must
  /// not have item changes in the same batch (rule 6 of ``BatchUpdateChecker``): move it in
  /// an earlier batch, or let ``SectionedListDiff`` stage everything.
  ///
  /// An updated item is reloaded only where it stays in place: same section number, same
  /// index. UIKit performs a reload as a delete and an insert at the *same* index path, so a
  /// reload of an item whose position changes (because it moved, or because items before it
  /// were inserted or deleted) would conflict with a move ("attempt to perform a delete and a
  /// move from the same index path") or put a fresh cell at the wrong position. Such an item
  /// becomes a **delete plus an insert** at its old and new index paths instead; in
  /// particular an item both moved and updated is deleted and inserted, not moved and
  /// reloaded afterwards. The alternative, a move now plus a reload at the new index path
  /// once the batch is done, needs a second update and an intermediate data state; the one
  /// batch here is complete on its own, so no caller can forget a step. The cost is that such
  /// an item cross-fades in place of sliding. (``SectionedListDiff`` with `.preservingMoves`
  /// produces the two-stage form, on one section or many, when sliding matters more.)
  ///
  ///     let diff = ListDiff(old: items, new: newItems)
  ///     let update = diff.batchUpdate()
  ///     collectionView.performBatchUpdates {
  ///       self.items = newItems
  ///       collectionView.deleteItems(at: update.deletes)
  ///       collectionView.insertItems(at: update.inserts)
  ///       for move in update.moves { collectionView.moveItem(at: move.from, to: move.to) }
  ///       collectionView.reloadItems(at: update.reloads)
  ///     }
  ///
  /// - Parameters:
  ///   - oldSection: The section number of the list before the update; not negative.
  ///   - newSection: The section number of the list after the update; not negative.
  /// - Returns: A batch update with item operations only; no index path appears in two
  ///   conflicting operations.
  /// - Complexity: O(*n* + *m*), the two list counts.
  public func batchUpdate(oldSection: Int = 0, newSection: Int = 0) -> BatchUpdate {
    precondition(
      oldSection >= 0 && newSection >= 0,
      "ListDiff.batchUpdate: section numbers must not be negative")
    var isUpdated = [Bool](repeating: false, count: oldCount)
    for oldIndex in updates { isUpdated[oldIndex] = true }
    var moves: [BatchUpdate.Move] = []
    moves.reserveCapacity(self.moves.count)
    for move in self.moves where !isUpdated[move.from] {
      moves.append(
        BatchUpdate.Move(
          from: _indexPath(oldSection, move.from), to: _indexPath(newSection, move.to)))
    }
    var deletes = self.deletes
    var inserts = self.inserts
    var reloads: [IndexPath] = []
    var replaced = false
    for oldIndex in updates {
      let newIndex = Int(_newIndexOfOld[oldIndex])
      if oldIndex == newIndex && oldSection == newSection {
        reloads.append(_indexPath(oldSection, oldIndex))
      } else {
        deletes.append(oldIndex)
        inserts.append(newIndex)
        replaced = true
      }
    }
    if replaced {
      deletes.sort()
      inserts.sort()
    }
    return BatchUpdate(
      deletes: deletes.map { _indexPath(oldSection, $0) },
      inserts: inserts.map { _indexPath(newSection, $0) },
      moves: moves,
      reloads: reloads)
  }

  /// Returns the diff's changes as index paths in one section, without resolving conflicts.
  ///
  /// Unlike ``batchUpdate(oldSection:newSection:)``, an item that is both moved and updated
  /// appears in `moves` and in `updates`, as the diff reports it: use this form to inspect a
  /// diff or to drive a view with its own rules, and the batch update form for UIKit.
  ///
  /// - Parameters:
  ///   - oldSection: The section number of the list before the update; not negative.
  ///   - newSection: The section number of the list after the update; not negative.
  /// - Returns: The deletes and updates at old index paths, the inserts at new ones, and the
  ///   moves from old to new.
  /// - Complexity: O(*c*), the number of changes.
  public func indexPaths(oldSection: Int, newSection: Int) -> IndexPathChanges {
    precondition(
      oldSection >= 0 && newSection >= 0,
      "ListDiff.indexPaths: section numbers must not be negative")
    return IndexPathChanges(
      deletes: deletes.map { _indexPath(oldSection, $0) },
      inserts: inserts.map { _indexPath(newSection, $0) },
      updates: updates.map { _indexPath(oldSection, $0) },
      moves: moves.map {
        BatchUpdate.Move(from: _indexPath(oldSection, $0.from), to: _indexPath(newSection, $0.to))
      })
  }

  /// A diff's changes as index paths: ``ListDiff``'s offsets placed in a section.
  public struct IndexPathChanges: Hashable, Sendable {
    /// Old index paths of the deleted items, ascending.
    public var deletes: [IndexPath]

    /// New index paths of the inserted items, ascending.
    public var inserts: [IndexPath]

    /// Old index paths of the items whose content changed, ascending (some may also move).
    public var updates: [IndexPath]

    /// The moved items, old index path to new, ordered by destination.
    public var moves: [BatchUpdate.Move]
  }
}
