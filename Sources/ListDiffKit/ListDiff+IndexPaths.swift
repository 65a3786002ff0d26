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
  /// go) keeps its items' paths right. An updated item is reloaded only where it keeps its
  /// index path; one whose index path changes (moved, or shifted by other changes) is deleted
  /// and inserted instead, so it cross-fades rather than slides. The section itself must not
  /// move in the same batch. Both choices are explained in
  /// <doc:ListsAndBatchUpdates#One-section-one-batch>; ``SectionedListDiff`` stages the changes
  /// when moves must slide or sections move.
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
  /// - Complexity: O(*n* + *m* + *u* log *u*) for the two list counts and the *u* updated
  ///   items that do not stay in place, whose new offsets are sorted.
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
