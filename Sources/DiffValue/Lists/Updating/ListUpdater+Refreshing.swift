extension ListUpdater {
  /// Shows items again in their cells, for a change their values do not hold: an image that
  /// arrived, a formatter that changed.
  ///
  /// A change of an item's value needs no call: the updater finds it with `isContentEqual(to:)`.
  /// This one is for what the cell shows from elsewhere:
  ///
  /// ```swift
  /// imageCache.didLoad = { contactID in
  ///   updater.reconfigureItems([contactID])  // the cell asks the cache again
  /// }
  /// ```
  ///
  /// A visible `ListBindable` cell is re-bound with its item, any other cell reconfigured where
  /// the view can (`reconfigureRows(at:)`) and reloaded where it cannot. When a change is being
  /// applied, the refresh waits for it and is shown with the changes that arrive meanwhile, in
  /// one batch; an item none of them shows any longer is passed over (the diffable data source
  /// raises an exception for an identifier it lacks).
  ///
  /// - Parameters:
  ///   - identifiers: The identifiers of the items to show again; every occurrence is.
  ///   - animated: Whether the batch animates (a cell whose height changes).
  ///   - completion: Called on the main thread once the view has shown them again, with the
  ///     changes applied meanwhile.
  /// - Complexity: O(*n*) for *n* items shown, when the batch is planned.
  public func reconfigureItems(
    _ identifiers: [Item.DiffIdentifier], animated: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    refresh(identifiers, as: .reconfigure, animated: animated, completion: completion)
  }

  /// Replaces the cells of items with new ones, for a change their values do not hold or to
  /// show them with another kind of cell.
  ///
  /// As ``reconfigureItems(_:animated:completion:)`` does, with new cells, bindable ones
  /// included (`reloadRows(at:with:)`).
  ///
  /// - Parameters:
  ///   - identifiers: The identifiers of the items to reload; every occurrence is.
  ///   - animated: Whether the batch animates.
  ///   - completion: Called on the main thread once the view has reloaded them, with the changes
  ///     applied meanwhile.
  /// - Complexity: O(*n*) for *n* items shown, when the batch is planned.
  public func reloadItems(
    _ identifiers: [Item.DiffIdentifier], animated: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    refresh(identifiers, as: .reload, animated: animated, completion: completion)
  }

  private func refresh(
    _ identifiers: [Item.DiffIdentifier], as refresh: ListCellRefresh, animated: Bool,
    completion: (() -> Void)?
  ) {
    queue.refresh(
      ListRefreshes(items: identifiers, as: refresh), options: ListSubmission(animated: animated),
      completion: completion)
  }
}
