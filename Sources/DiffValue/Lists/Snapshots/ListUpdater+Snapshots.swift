extension ListUpdater {
  /// A snapshot of the list, to edit and apply with the diffable data source's names.
  ///
  /// It holds one section, ``ListMainSection/main``, with the list the view will show once the
  /// changes applied so far are shown: a change waiting for the batch in flight included, so
  /// that editing the snapshot and applying it loses none.
  ///
  /// ```swift
  /// var snapshot = updater.snapshot()
  /// snapshot.deleteItems([contact])
  /// updater.apply(snapshot)
  /// ```
  ///
  /// - Returns: The snapshot, with nothing marked to reload or reconfigure.
  /// - Complexity: O(1).
  public func snapshot() -> ListSnapshot<ListMainSection, Item> {
    ListSnapshot([ListSection(.main, items: queue.latest)])
  }

  /// Shows a snapshot's items, diffing them against what the view shows
  /// (`UITableViewDiffableDataSource.apply(_:animatingDifferences:completion:)`).
  ///
  /// The view shows the items of all the snapshot's sections, in order, in its one section. An
  /// item whose content changed is refreshed in its cell with no call to mark it; those the
  /// snapshot marks with `reconfigureItems` or `reloadItems` are refreshed too, and the items of
  /// the sections it marks with `reloadSections` are reloaded. Apart from that, it is
  /// `show(_:animated:completion:)`: one valid batch, after the batch in flight if any.
  ///
  /// - Parameters:
  ///   - snapshot: The items to show, with the refreshes it asks for.
  ///   - animatingDifferences: Whether the batch animates.
  ///   - completion: Called on the main thread once the view shows the snapshot's items or a
  ///     later list.
  /// - Complexity: Expected O(*n* + *m*) on the main thread, for the diff.
  public func apply<Section>(
    _ snapshot: ListSnapshot<Section, Item>, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    var refreshes = ListRefreshes<Item.DiffIdentifier, Never>()
    refreshes.items = snapshot.itemRefreshes(flattening: true)
    queue.submit(
      snapshot.itemIdentifiers, change: nil,
      options: ListSubmission(animated: animatingDifferences),
      refreshes: refreshes, completion: completion)
  }

  /// Shows a snapshot's items, as `apply(_:animatingDifferences:completion:)` does, and returns
  /// once the view shows them or a later list.
  ///
  /// - Parameters:
  ///   - snapshot: The items to show, with the refreshes it asks for.
  ///   - animatingDifferences: Whether the batch animates.
  /// - Returns: `true` once the view shows them; `false` when the change was dropped (the
  ///   updater released with it waiting).
  @discardableResult
  public func apply<Section>(
    _ snapshot: ListSnapshot<Section, Item>, animatingDifferences: Bool = true
  ) async -> Bool {
    await waitUntilShown { completion in
      apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }
  }

  /// Shows a snapshot's items by reloading the view, without a diff or an animation
  /// (`applySnapshotUsingReloadData(_:completion:)`).
  ///
  /// - Parameters:
  ///   - snapshot: The items to show.
  ///   - completion: Called on the main thread once the view shows them or a later list.
  public func applySnapshotUsingReloadData<Section>(
    _ snapshot: ListSnapshot<Section, Item>, completion: (() -> Void)? = nil
  ) {
    applyUsingReloadData(snapshot.itemIdentifiers, completion: completion)
  }

  /// Shows a snapshot's items by reloading the view, and returns once the view shows them or a
  /// later list.
  ///
  /// - Parameter snapshot: The items to show.
  /// - Returns: `true` once the view shows them; `false` when the change was dropped.
  @discardableResult
  public func applySnapshotUsingReloadData<Section>(
    _ snapshot: ListSnapshot<Section, Item>
  ) async -> Bool {
    await applyUsingReloadData(snapshot.itemIdentifiers)
  }
}
