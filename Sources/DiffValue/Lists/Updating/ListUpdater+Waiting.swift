extension ListUpdater {
  /// Shows a change, as `apply(_:animated:changedCells:completion:)` does, and returns once the
  /// view shows `change.new` or a later list applied meanwhile.
  ///
  /// ```swift
  /// await updater.apply(ListChange(old: updater.items, new: contacts))
  /// let row = updater.indexPath(for: newContact)   // where the view shows it now
  /// ```
  ///
  /// The call holds the updater while it waits. Should the updater drop the change anyway (it
  /// was released by another owner with the change waiting), the call returns then instead of
  /// waiting for ever, with `false`.
  ///
  /// - Parameters:
  ///   - change: A change to a new list.
  ///   - animated: Whether the batch animates.
  ///   - changedCells: How cells that are not `ListBindable` show their item's new content.
  /// - Returns: `true` once the view shows the change; `false` when it was dropped.
  /// - Complexity: As `apply(_:animated:changedCells:completion:)`.
  @discardableResult
  public func apply(
    _ change: ListChange<Item>, animated: Bool = true,
    changedCells: ListCellRefresh = .reconfigure
  ) async -> Bool {
    await waitUntilShown { completion in
      apply(change, animated: animated, changedCells: changedCells, completion: completion)
    }
  }

  /// Shows `items` by reloading the view, without a diff or an animation (Apple's
  /// `applySnapshotUsingReloadData`): after the batch in flight, if any, as every change.
  ///
  /// - Parameters:
  ///   - items: The list to show.
  ///   - completion: Called on the main thread once the view shows `items` or a later list.
  /// - Complexity: O(1) here; the view then asks its data source for what it shows.
  public func applyUsingReloadData(_ items: [Item], completion: (() -> Void)? = nil) {
    queue.submit(
      items, change: nil, options: ListSubmission(animated: false, reloadsData: true),
      completion: completion)
  }

  /// Shows `items` by reloading the view, and returns once the view shows them or a later list.
  ///
  /// - Parameter items: The list to show.
  /// - Returns: `true` once the view shows `items`; `false` when the change was dropped.
  @discardableResult
  public func applyUsingReloadData(_ items: [Item]) async -> Bool {
    await waitUntilShown { completion in applyUsingReloadData(items, completion: completion) }
  }
}

extension SectionedListUpdater {
  /// Shows a change, as `apply(_:animated:changedCells:completion:)` does, and returns once the
  /// view shows `change.new` or later sections applied meanwhile.
  ///
  /// The call holds the updater while it waits; should the updater drop the change anyway, it
  /// returns then, with `false`.
  ///
  /// - Parameters:
  ///   - change: A change to new sections.
  ///   - animated: Whether the batches animate.
  ///   - changedCells: How cells that are not `ListBindable` show their item's new content.
  /// - Returns: `true` once the view shows the change; `false` when it was dropped.
  /// - Complexity: As `apply(_:animated:changedCells:completion:)`.
  @discardableResult
  public func apply(
    _ change: SectionedListChange<Section>, animated: Bool = true,
    changedCells: ListCellRefresh = .reconfigure
  ) async -> Bool {
    await waitUntilShown { completion in
      apply(change, animated: animated, changedCells: changedCells, completion: completion)
    }
  }

  /// Shows `sections` by reloading the view, without a diff or an animation: after the batches
  /// in flight, if any.
  ///
  /// - Parameters:
  ///   - sections: The sections to show.
  ///   - completion: Called on the main thread once the view shows `sections` or later ones.
  /// - Complexity: O(1) here; the view then asks its data source for what it shows.
  public func applyUsingReloadData(_ sections: [Section], completion: (() -> Void)? = nil) {
    queue.submit(
      sections, change: nil, options: ListSubmission(animated: false, reloadsData: true),
      completion: completion)
  }

  /// Shows `sections` by reloading the view, and returns once the view shows them or later ones.
  ///
  /// - Parameter sections: The sections to show.
  /// - Returns: `true` once the view shows `sections`; `false` when the change was dropped.
  @discardableResult
  public func applyUsingReloadData(_ sections: [Section]) async -> Bool {
    await waitUntilShown { completion in applyUsingReloadData(sections, completion: completion) }
  }
}
