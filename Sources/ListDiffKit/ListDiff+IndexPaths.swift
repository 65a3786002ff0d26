#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ListDiff {
  /// Returns the diff as one batch update of a single section, ready for `performBatchUpdates`.
  ///
  /// Deletes, the `from` of moves and reloads use `oldSection`; inserts and the `to` of moves
  /// use `newSection`, so a section that itself moved keeps its items' paths right.
  ///
  /// An item that is both moved and updated becomes a **delete plus an insert**, not a move
  /// plus a reload: UIKit treats a reload as a delete and an insert at the item's *old* index
  /// path, which conflicts with the move's `from` ("attempt to perform a delete and a move from
  /// the same index path"), and a moved cell is not re-fetched, so a move alone would keep
  /// showing the old content. The alternative, moving it and reloading it at its new index
  /// path after the batch has finished, needs a second update and an intermediate data state;
  /// the one batch here is complete on its own, so no caller can forget a step. The cost is
  /// that such an item cross-fades in place of sliding. (``SectionedListDiff`` offers the
  /// two-stage form, `.preservingMoves`, when sliding matters more.)
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
    var movedAndUpdated = Set<Int>()
    var isUpdated = [Bool](repeating: false, count: oldCount)
    for oldIndex in updates { isUpdated[oldIndex] = true }
    var moves: [BatchUpdate.Move] = []
    moves.reserveCapacity(self.moves.count)
    for move in self.moves {
      if isUpdated[move.from] {
        movedAndUpdated.insert(move.from)
      } else {
        moves.append(
          BatchUpdate.Move(
            from: _indexPath(oldSection, move.from), to: _indexPath(newSection, move.to)))
      }
    }
    var deletes = self.deletes
    var inserts = self.inserts
    var reloads: [IndexPath] = []
    if !updates.isEmpty {
      reloads.reserveCapacity(updates.count - movedAndUpdated.count)
      for oldIndex in updates {
        if movedAndUpdated.contains(oldIndex) {
          deletes.append(oldIndex)
          inserts.append(Int(_newIndexOfOld[oldIndex]))
        } else {
          reloads.append(_indexPath(oldSection, oldIndex))
        }
      }
      if !movedAndUpdated.isEmpty {
        deletes.sort()
        inserts.sort()
      }
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
