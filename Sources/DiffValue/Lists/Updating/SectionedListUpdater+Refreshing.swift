extension SectionedListUpdater {
  /// Shows items again in their cells, for a change their values do not hold, as
  /// `ListUpdater.reconfigureItems(_:animated:completion:)` does.
  ///
  /// - Parameters:
  ///   - identifiers: The identifiers of the items to show again; every occurrence is, in every
  ///     section.
  ///   - animated: Whether the batches animate.
  ///   - completion: Called on the main thread once the view has shown them again, with the
  ///     changes applied meanwhile.
  /// - Complexity: One sectioned diff when the batches are planned, as `show(_:)`.
  public func reconfigureItems(
    _ identifiers: [Section.Item.DiffIdentifier], animated: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    queue.refresh(
      Refreshes(items: identifiers, as: .reconfigure), options: ListSubmission(animated: animated),
      completion: completion)
  }

  /// Replaces the cells of items with new ones, as `ListUpdater.reloadItems(_:animated:completion:)`
  /// does.
  ///
  /// - Parameters:
  ///   - identifiers: The identifiers of the items to reload; every occurrence is, in every
  ///     section.
  ///   - animated: Whether the batches animate.
  ///   - completion: Called on the main thread once the view has reloaded them, with the changes
  ///     applied meanwhile.
  /// - Complexity: One sectioned diff when the batches are planned, as `show(_:)`.
  public func reloadItems(
    _ identifiers: [Section.Item.DiffIdentifier], animated: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    queue.refresh(
      Refreshes(items: identifiers, as: .reload), options: ListSubmission(animated: animated),
      completion: completion)
  }

  /// Reloads sections, their cells, header and footer, for a change their values do not hold.
  ///
  /// A section whose own content changed needs no call: its `ListBindable` header is re-bound,
  /// or the section reloaded. Waits for a change being applied, as
  /// ``reconfigureItems(_:animated:completion:)`` does; a section no longer shown is passed over.
  ///
  /// - Parameters:
  ///   - identifiers: The identifiers of the sections to reload; every one with each is.
  ///   - animated: Whether the batches animate.
  ///   - completion: Called on the main thread once the view has reloaded them, with the changes
  ///     applied meanwhile.
  /// - Complexity: One sectioned diff when the batches are planned, as `show(_:)`.
  public func reloadSections(
    _ identifiers: [Section.DiffIdentifier], animated: Bool = true,
    completion: (() -> Void)? = nil
  ) {
    queue.refresh(
      Refreshes(sections: identifiers), options: ListSubmission(animated: animated),
      completion: completion)
  }

  typealias Refreshes = ListRefreshes<Section.Item.DiffIdentifier, Section.DiffIdentifier>

  /// The batches from `shown` to `target` that also show `refreshes` again: the items and
  /// sections to refresh count as changed, so that the stages treat them as changed ones (a
  /// bindable cell re-bound, a moved item refreshed where it went, a section reloaded).
  func batches(
    from shown: [Section], to target: [Section], refreshing refreshes: Refreshes,
    in view: any ListView
  ) -> [ListBatch<[Section]>]? {
    let staging: SectionedListDiff<RefreshingSection<Section>>.Staging =
      self.staging == .singleBatch ? .singleBatch : .preservingMoves
    let new = target.map { RefreshingSection($0, refreshes: nil, isRebound: false) }
    var diff = SectionedListDiff(
      old: shown.map { RefreshingSection($0, refreshes: refreshes, isRebound: false) }, new: new,
      staging: staging)
    guard diff.hasChanges else { return [ListBatch(swappingTo: target)] }
    if diff.changeCount > reloadThreshold { return nil }
    if let shouldReload,
      shouldReload(SectionedListChange(old: shown, new: target, staging: self.staging))
    {
      return nil
    }
    let rebinds = sectionRebinds(for: diff.sectionDiff, target: target, in: view) {
      refreshes.sections.contains(shown[$0].diffIdentifier)
    }
    if !rebinds.isEmpty {
      // The re-bound headers' sections count as unchanged, so that they are not reloaded.
      var rebound = [Bool](repeating: false, count: shown.count)
      for rebind in rebinds { rebound[rebind.section] = true }
      diff = SectionedListDiff(
        old: shown.indices.map {
          RefreshingSection(shown[$0], refreshes: refreshes, isRebound: rebound[$0])
        },
        new: new, staging: staging)
    }
    var batches = diff.stages.map { stage in
      var batch = ListBatch(stage: stage.update, data: stage.sections.map(\.base))
      for (index, item) in batch.changedItems.enumerated() {
        let value = batch.data[item.to[0]].items[item.to[1]]
        if refreshes.items[value.diffIdentifier] == .reload {
          batch.changedItems[index].isReloaded = true
        }
      }
      return batch
    }
    if batches.isEmpty { batches = [ListBatch(swappingTo: target)] }
    batches[0].sectionRebinds = rebinds
    return batches
  }
}

/// A section whose items and own content count as changed when they are to be refreshed, and
/// whose own content counts as unchanged when its header is re-bound in place.
struct RefreshingSection<Base: DiffableSection>: DiffableSection {
  var base: Base
  var items: [RefreshingItem<Base.Item>]
  /// Whether the section is to be reloaded.
  var isReloaded: Bool
  /// Whether its header is re-bound in place.
  var isRebound: Bool

  init(
    _ base: Base, refreshes: ListRefreshes<Base.Item.DiffIdentifier, Base.DiffIdentifier>?,
    isRebound: Bool
  ) {
    self.base = base
    if let refreshes {
      isReloaded = refreshes.sections.contains(base.diffIdentifier)
      items = base.items.map {
        RefreshingItem($0, isRefreshed: refreshes.items[$0.diffIdentifier] != nil)
      }
    } else {
      isReloaded = false
      items = base.items.map { RefreshingItem($0, isRefreshed: false) }
    }
    self.isRebound = isRebound
  }

  init(section: RefreshingSection, items: [RefreshingItem<Base.Item>]) {
    base = Base(section: section.base, items: items.map(\.base))
    self.items = items
    isReloaded = section.isReloaded
    isRebound = section.isRebound
  }

  var diffIdentifier: Base.DiffIdentifier { base.diffIdentifier }

  func isContentEqual(to other: RefreshingSection) -> Bool {
    if isReloaded || other.isReloaded { return false }
    return isRebound || other.isRebound || base.isContentEqual(to: other.base)
  }
}

/// An item whose content counts as changed when it is to be refreshed.
struct RefreshingItem<Base: Diffable>: Diffable {
  var base: Base
  var isRefreshed: Bool

  init(_ base: Base, isRefreshed: Bool) {
    self.base = base
    self.isRefreshed = isRefreshed
  }

  var diffIdentifier: Base.DiffIdentifier { base.diffIdentifier }

  func isContentEqual(to other: RefreshingItem) -> Bool {
    !isRefreshed && !other.isRefreshed && base.isContentEqual(to: other.base)
  }
}
