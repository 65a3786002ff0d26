#if canImport(UIKit) && !os(watchOS)
  import UIKit

  // Thin mappings of `ListView` onto UIKit's calls; all the logic lives in `ListUpdater`.

  extension UITableView: ListView {
    /// Runs the update in `performBatchUpdates`, swapping the data first.
    public func performListUpdate(
      _ update: BatchUpdate, updatingData: () -> Void, completion: @escaping (Bool) -> Void
    ) {
      withoutActuallyEscaping(updatingData) { updatingData in
        performBatchUpdates(
          {
            updatingData()
            deleteSections(IndexSet(update.sectionDeletes), with: .automatic)
            insertSections(IndexSet(update.sectionInserts), with: .automatic)
            for move in update.sectionMoves { moveSection(move.from, toSection: move.to) }
            reloadSections(IndexSet(update.sectionReloads), with: .automatic)
            deleteRows(at: update.deletes, with: .automatic)
            insertRows(at: update.inserts, with: .automatic)
            for move in update.moves { moveRow(at: move.from, to: move.to) }
            reloadRows(at: update.reloads, with: .automatic)
          }, completion: completion)
      }
    }

    /// Swaps the data, reloads, and lays out at once, so that a batch right after it starts
    /// from the reloaded counts (collection views read them lazily otherwise).
    public func reloadList(updatingData: () -> Void) {
      updatingData()
      reloadData()
      layoutIfNeeded()
    }

    /// The visible cell at the index path, if it is `ListBindable`.
    public func bindableCell(at indexPath: IndexPath) -> (any ListBindable)? {
      cellForRow(at: indexPath) as? any ListBindable
    }
  }

  extension UICollectionView: ListView {
    /// Runs the update in `performBatchUpdates`, swapping the data first.
    public func performListUpdate(
      _ update: BatchUpdate, updatingData: () -> Void, completion: @escaping (Bool) -> Void
    ) {
      withoutActuallyEscaping(updatingData) { updatingData in
        performBatchUpdates(
          {
            updatingData()
            deleteSections(IndexSet(update.sectionDeletes))
            insertSections(IndexSet(update.sectionInserts))
            for move in update.sectionMoves { moveSection(move.from, toSection: move.to) }
            reloadSections(IndexSet(update.sectionReloads))
            deleteItems(at: update.deletes)
            insertItems(at: update.inserts)
            for move in update.moves { moveItem(at: move.from, to: move.to) }
            reloadItems(at: update.reloads)
          }, completion: completion)
      }
    }

    /// Swaps the data, reloads, and lays out at once, so that a batch right after it starts
    /// from the reloaded counts (collection views read them lazily otherwise).
    public func reloadList(updatingData: () -> Void) {
      updatingData()
      reloadData()
      layoutIfNeeded()
    }

    /// The visible cell at the index path, if it is `ListBindable`.
    public func bindableCell(at indexPath: IndexPath) -> (any ListBindable)? {
      cellForItem(at: indexPath) as? any ListBindable
    }
  }
#endif
