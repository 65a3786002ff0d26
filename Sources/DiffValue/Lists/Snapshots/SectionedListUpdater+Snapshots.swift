extension SectionedListUpdater {
  /// A snapshot of the sections, to edit and apply with the diffable data source's names.
  ///
  /// It holds the sections the view will show once the changes applied so far are shown: a
  /// change waiting for the batches in flight included, so that editing the snapshot and
  /// applying it loses none. It is there for sections that are ``/ListDiffKit/ListSection``
  /// values, whose models are the snapshot's sections.
  ///
  /// ```swift
  /// var snapshot = updater.snapshot()
  /// snapshot.moveSection(.favorites, beforeSection: .everyone)
  /// updater.apply(snapshot)
  /// ```
  ///
  /// - Returns: The snapshot, with nothing marked to reload or reconfigure.
  /// - Complexity: O(1).
  public func snapshot<Model, Item>() -> ListSnapshot<Model, Item>
  where Section == ListSection<Model, Item> {
    ListSnapshot(queue.latest)
  }

  /// Shows a snapshot's sections, diffing them against what the view shows
  /// (`UICollectionViewDiffableDataSource.apply(_:animatingDifferences:completion:)`).
  ///
  /// An item or section whose content changed is refreshed with no call to mark it; those the
  /// snapshot marks with `reconfigureItems`, `reloadItems` or `reloadSections` are refreshed
  /// too. Apart from that, it is `show(_:animated:completion:)`: the stages of batch updates
  /// UIKit accepts, after the batches in flight if any.
  ///
  /// - Parameters:
  ///   - snapshot: The sections to show, with the refreshes it asks for.
  ///   - animatingDifferences: Whether the batches animate.
  ///   - completion: Called on the main thread once the view shows the snapshot's sections or
  ///     later ones.
  /// - Complexity: One `SectionedListDiff` on the main thread, as `show(_:animated:completion:)`.
  public func apply<Model, Item>(
    _ snapshot: ListSnapshot<Model, Item>, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) where Section == ListSection<Model, Item> {
    var refreshes = Refreshes()
    refreshes.items = snapshot.itemRefreshes(flattening: false)
    refreshes.sections = snapshot.reloadedSections
    queue.submit(
      snapshot.sections, change: nil, options: ListSubmission(animated: animatingDifferences),
      refreshes: refreshes, completion: completion)
  }

  /// Shows a snapshot's sections, as `apply(_:animatingDifferences:completion:)` does, and
  /// returns once the view shows them or later ones.
  ///
  /// - Parameters:
  ///   - snapshot: The sections to show, with the refreshes it asks for.
  ///   - animatingDifferences: Whether the batches animate.
  /// - Returns: `true` once the view shows them; `false` when the change was dropped (the
  ///   updater released with it waiting).
  @discardableResult
  public func apply<Model, Item>(
    _ snapshot: ListSnapshot<Model, Item>, animatingDifferences: Bool = true
  ) async -> Bool where Section == ListSection<Model, Item> {
    await waitUntilShown { completion in
      apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }
  }

  /// Shows a snapshot's sections by reloading the view, without a diff or an animation
  /// (`applySnapshotUsingReloadData(_:completion:)`).
  ///
  /// - Parameters:
  ///   - snapshot: The sections to show.
  ///   - completion: Called on the main thread once the view shows them or later ones.
  public func applySnapshotUsingReloadData<Model, Item>(
    _ snapshot: ListSnapshot<Model, Item>, completion: (() -> Void)? = nil
  ) where Section == ListSection<Model, Item> {
    applyUsingReloadData(snapshot.sections, completion: completion)
  }

  /// Shows a snapshot's sections by reloading the view, and returns once the view shows them or
  /// later ones.
  ///
  /// - Parameter snapshot: The sections to show.
  /// - Returns: `true` once the view shows them; `false` when the change was dropped.
  @discardableResult
  public func applySnapshotUsingReloadData<Model, Item>(
    _ snapshot: ListSnapshot<Model, Item>
  ) async -> Bool where Section == ListSection<Model, Item> {
    await applyUsingReloadData(snapshot.sections)
  }
}
