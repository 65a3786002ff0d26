#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  // A thin mapping of `ListView` onto NSCollectionView; the logic lives in the updaters.

  extension NSCollectionView: ListView {
    /// Runs the update in `performBatchUpdates`, swapping the data first, through the animator
    /// proxy when `animation.isAnimated`, directly (without animation) otherwise.
    public func performListUpdate(
      _ update: BatchUpdate, animation: ListAnimation, updatingData: () -> Void,
      completion: @escaping (Bool) -> Void
    ) {
      let target = animation.isAnimated ? animator() : self
      withoutActuallyEscaping(updatingData) { updatingData in
        target.performBatchUpdates(
          {
            updatingData()
            target.apply(update)
          }, completionHandler: completion)
      }
    }

    /// The operations of `update`.
    private func apply(_ update: BatchUpdate) {
      if !update.sectionDeletes.isEmpty { deleteSections(IndexSet(update.sectionDeletes)) }
      if !update.sectionInserts.isEmpty { insertSections(IndexSet(update.sectionInserts)) }
      for move in update.sectionMoves { moveSection(move.from, toSection: move.to) }
      if !update.sectionReloads.isEmpty { reloadSections(IndexSet(update.sectionReloads)) }
      if !update.deletes.isEmpty { deleteItems(at: Set(update.deletes)) }
      if !update.inserts.isEmpty { insertItems(at: Set(update.inserts)) }
      for move in update.moves { moveItem(at: move.from, to: move.to) }
      if !update.reloads.isEmpty { reloadItems(at: Set(update.reloads)) }
    }

    /// Swaps the data, then reloads.
    public func reloadList(updatingData: () -> Void) {
      updatingData()
      reloadData()
    }

    /// The visible item at the index path, if it (or its view) is `ListBindable`.
    public func bindableCell(at indexPath: IndexPath) -> (any ListBindable)? {
      guard let item = item(at: indexPath) else { return nil }
      return item as? any ListBindable ?? item.view as? any ListBindable
    }

    /// The section's header and footer (of the standard kinds) on screen, if they are all
    /// `ListBindable`.
    public func bindableSupplementaryViews(inSection section: Int) -> [any ListBindable]? {
      let indexPath = IndexPath(indexes: [section, 0])
      return bindableViews(among: [
        supplementaryView(forElementKind: NSCollectionView.elementKindSectionHeader, at: indexPath),
        supplementaryView(forElementKind: NSCollectionView.elementKindSectionFooter, at: indexPath),
      ])
    }

    /// Whether the collection view is in a window.
    public var isInWindow: Bool { window != nil }
  }
#endif
