#if canImport(UIKit) && !os(watchOS)
  import UIKit

  // A thin mapping of `ListView` onto UICollectionView; the logic lives in the updaters.

  extension UICollectionView: ListView {
    /// Runs the update in `performBatchUpdates`, swapping the data first.
    ///
    /// It runs without animation when `animation.isAnimated` is `false`. Collection views
    /// animate each kind of change their own way: the row animations do not apply.
    public func performListUpdate(
      _ update: BatchUpdate, animation: ListAnimation, updatingData: () -> Void,
      completion: @escaping (Bool) -> Void
    ) {
      performListUpdate(
        update, reconfiguring: [], animation: animation, updatingData: updatingData,
        completion: completion)
    }

    /// Runs the update in `performBatchUpdates` as the other form does, and reconfigures the
    /// items at `reconfiguring` in the same batch with `reconfigureItems(at:)`.
    public func performListUpdate(
      _ update: BatchUpdate, reconfiguring: [IndexPath], animation: ListAnimation,
      updatingData: () -> Void, completion: @escaping (Bool) -> Void
    ) {
      withoutActuallyEscaping(updatingData) { updatingData in
        UIView.run(animated: animation.isAnimated) {
          self.performBatchUpdates(
            {
              updatingData()
              self.apply(update)
              if !reconfiguring.isEmpty { self.reconfigureItems(at: reconfiguring) }
            }, completion: completion)
        }
      }
    }

    /// `true`: `reconfigureItems(at:)` exists from iOS 15 and tvOS 15, below the package's floor.
    public var canReconfigureItems: Bool { true }

    /// The operations of `update`.
    private func apply(_ update: BatchUpdate) {
      if !update.sectionDeletes.isEmpty { deleteSections(IndexSet(update.sectionDeletes)) }
      if !update.sectionInserts.isEmpty { insertSections(IndexSet(update.sectionInserts)) }
      for move in update.sectionMoves { moveSection(move.from, toSection: move.to) }
      if !update.sectionReloads.isEmpty { reloadSections(IndexSet(update.sectionReloads)) }
      if !update.deletes.isEmpty { deleteItems(at: update.deletes) }
      if !update.inserts.isEmpty { insertItems(at: update.inserts) }
      for move in update.moves { moveItem(at: move.from, to: move.to) }
      if !update.reloads.isEmpty { reloadItems(at: update.reloads) }
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

    /// The section's header and footer (of the standard kinds) on screen, if they are all
    /// `ListBindable`.
    public func bindableSupplementaryViews(inSection section: Int) -> [any ListBindable]? {
      let indexPath = IndexPath(indexes: [section, 0])
      return bindableViews(among: [
        supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: indexPath),
        supplementaryView(forElementKind: UICollectionView.elementKindSectionFooter, at: indexPath),
      ])
    }

    /// Whether the collection view is in a window.
    public var isInWindow: Bool { window != nil }

    /// The visible items, top first (left first on a line), each with how far its top is below
    /// the content offset.
    public var visibleItemPositions: [ListItemPosition] {
      indexPathsForVisibleItems.compactMap { indexPath in
        layoutAttributesForItem(at: indexPath).map { itemPosition(indexPath, frame: $0.frame) }
      }
      .sorted { ($0.offset, $0.indexPath) < ($1.offset, $1.indexPath) }
    }

    /// Lays the batch out, then sets the content offset so that the item at
    /// `position.indexPath` is `position.offset` points below it, within the content.
    public func scroll(to position: ListItemPosition) {
      layoutIfNeeded()
      let indexPath = position.indexPath
      guard indexPath.count == 2, indexPath[0] < numberOfSections,
        indexPath[1] < numberOfItems(inSection: indexPath[0]),
        let frame = layoutAttributesForItem(at: indexPath)?.frame
      else { return }
      placeContent(atTop: frame.minY, offset: position.offset)
    }
  }
#endif
