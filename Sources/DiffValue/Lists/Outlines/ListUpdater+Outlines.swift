extension ListUpdater {
  /// The list as an outline: the one last applied with its expansion, or, when a change of
  /// another kind came after it, the items as roots.
  ///
  /// - Parameter section: `.main`, the flat list's one section.
  /// - Returns: The outline of the list to show once the changes applied so far are shown.
  /// - Complexity: O(1) for the outline last applied; O(*n*) otherwise.
  public func snapshot(for section: ListMainSection) -> ListSectionSnapshot<Item> {
    currentOutline()
  }

  /// Shows an outline's visible items, diffing them against what the view shows
  /// (`apply(_:to:animatingDifferences:completion:)` of the diffable data source).
  ///
  /// An item the outline neither expanded nor collapsed keeps the state the updater shows it in,
  /// so an outline built again from new data keeps what the user expanded. Expanding or
  /// collapsing is one valid batch: the children inserted or deleted under their parent.
  ///
  /// - Parameters:
  ///   - snapshot: The outline to show.
  ///   - section: `.main`, the flat list's one section.
  ///   - animatingDifferences: Whether the batch animates.
  ///   - completion: Called on the main thread once the view shows the outline or a later list.
  /// - Complexity: O(*n*) for *n* items in the outline, and the diff.
  public func apply(
    _ snapshot: ListSectionSnapshot<Item>, to section: ListMainSection = .main,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    let shown = outlineState.flatMap { $0.holds(for: queue.latest) ? $0.outline : nil }
    let state = ListOutlineState(snapshot.keepingExpansion(of: shown))
    outlineState = state
    queue.submit(
      state.visible, change: nil, options: ListSubmission(animated: animatingDifferences),
      completion: completion)
  }

  /// Shows an outline's visible items, as `apply(_:to:animatingDifferences:completion:)` does,
  /// and returns once the view shows them or a later list.
  ///
  /// - Parameters:
  ///   - snapshot: The outline to show.
  ///   - section: `.main`, the flat list's one section.
  ///   - animatingDifferences: Whether the batch animates.
  /// - Returns: `true` once shown; `false` when the change was dropped.
  @discardableResult
  public func apply(
    _ snapshot: ListSectionSnapshot<Item>, to section: ListMainSection = .main,
    animatingDifferences: Bool = true
  ) async -> Bool {
    await waitUntilShown { completion in
      apply(
        snapshot, to: section, animatingDifferences: animatingDifferences, completion: completion)
    }
  }

  /// An item's depth in the outline shown: for a cell's indentation.
  ///
  /// ```swift
  /// cell.indentationLevel = updater.level(of: folder)  // in the cell provider
  /// ```
  ///
  /// - Parameter item: An item; its identifier is looked up.
  /// - Returns: Its level among the visible items of the outline last applied; 0 for a root, for
  ///   an item not shown, and when no outline was applied.
  /// - Complexity: O(1) expected.
  public func level(of item: Item) -> Int {
    guard let outlineState, outlineState.holds(for: queue.latest) else { return 0 }
    return outlineState.levels[item.diffIdentifier] ?? 0
  }

  /// Expands items of the outline shown, as a tap on their disclosure does: their children are
  /// inserted under them, in one batch.
  ///
  /// `sectionSnapshotHandlers` decides and hears of it: `shouldExpandItem` first,
  /// `willExpandItem` and `snapshotForExpandingParent` before the batch, `didExpandItem` once
  /// the view shows it. An item already expanded, or not in the outline, is passed over.
  ///
  /// - Parameters:
  ///   - items: The items to expand.
  ///   - animated: Whether the batch animates.
  ///   - completion: Called on the main thread once the view shows them expanded.
  public func expand(
    _ items: [Item], animated: Bool = true, completion: (() -> Void)? = nil
  ) {
    change(items, expanding: true, animated: animated, completion: completion)
  }

  /// Collapses items of the outline shown, as a tap on their disclosure does: their descendants
  /// are deleted from the view, in one batch, and keep their own expansion for the next time.
  ///
  /// `shouldCollapseItem` decides first, `willCollapseItem` hears of it before the batch,
  /// `didCollapseItem` once the view shows it. An item already collapsed is passed over.
  ///
  /// - Parameters:
  ///   - items: The items to collapse.
  ///   - animated: Whether the batch animates.
  ///   - completion: Called on the main thread once the view shows them collapsed.
  public func collapse(
    _ items: [Item], animated: Bool = true, completion: (() -> Void)? = nil
  ) {
    change(items, expanding: false, animated: animated, completion: completion)
  }

  /// Expands an item of the outline shown if it is collapsed, collapses it if it is expanded:
  /// what a tap on its disclosure does, and what the outline disclosure accessory of
  /// `outlineDisclosure(for:displayed:options:)` calls on UIKit.
  ///
  /// The item is then reconfigured in the same batch, or the next one, so that its cell shows
  /// its new state (a disclosure that points down, say). An item without children is passed
  /// over.
  ///
  /// - Parameters:
  ///   - item: The item; its identifier is looked up.
  ///   - animated: Whether the batch animates.
  ///   - completion: Called on the main thread once the view shows it.
  /// - Complexity: O(*n*) for *n* items in the outline, and the diff.
  public func toggleExpansion(
    of item: Item, animated: Bool = true, completion: (() -> Void)? = nil
  ) {
    let outline = currentOutline()
    guard outline.hasChildren(item) else { return completion?() ?? () }
    change([item], expanding: !outline.isExpanded(item), animated: animated, completion: nil)
    reconfigureItems([item.diffIdentifier], animated: animated, completion: completion)
  }

  /// Whether an item of the outline shown has children: whether a disclosure expands it.
  ///
  /// - Parameter item: An item; its identifier is looked up.
  /// - Complexity: O(*n*) for *n* items in the outline.
  func canExpand(_ item: Item) -> Bool { currentOutline().hasChildren(item) }

  /// Expands or collapses items of the outline shown, with the handlers around it.
  private func change(
    _ items: [Item], expanding: Bool, animated: Bool, completion: (() -> Void)?
  ) {
    var outline = currentOutline()
    let handlers = sectionSnapshotHandlers
    let changed =
      expanding ? handlers.expand(items, in: &outline) : handlers.collapse(items, in: &outline)
    let didChange = expanding ? handlers.didExpandItem : handlers.didCollapseItem
    apply(outline, animatingDifferences: animated) {
      for item in changed { didChange?(item) }
      completion?()
    }
  }

  /// The outline last applied while it holds, the list to show as roots otherwise.
  private func currentOutline() -> ListSectionSnapshot<Item> {
    let latest = queue.latest
    if let outlineState, outlineState.holds(for: latest) { return outlineState.outline }
    return ListSectionSnapshot(flat: latest)
  }
}
