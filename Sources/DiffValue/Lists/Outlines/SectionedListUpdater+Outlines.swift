extension SectionedListUpdater {
  /// A section's items as an outline: the one last applied to it with its expansion, or, when a
  /// change of another kind came after it, its items as roots.
  ///
  /// - Parameter section: A section's model; its identifier is looked up.
  /// - Returns: The section's outline once the changes applied so far are shown; an empty one
  ///   when the section is not there.
  /// - Complexity: O(*s*) for *s* sections, and O(*n*) for *n* items when no outline holds.
  public func snapshot<Model, Item>(for section: Model) -> ListSectionSnapshot<Item>
  where Section == ListSection<Model, Item> {
    let sections = queue.latest
    guard let index = sections.firstIndex(where: { $0.diffIdentifier == section.diffIdentifier })
    else { return ListSectionSnapshot() }
    return outline(of: sections[index])
  }

  /// Shows an outline's visible items as a section's items, diffing against what the view
  /// shows (`apply(_:to:animatingDifferences:completion:)` of the diffable data source).
  ///
  /// The section takes the model given; one that is not there is added at the end. An item the
  /// outline neither expanded nor collapsed keeps the state the updater shows it in. The other
  /// sections stay as they are.
  ///
  /// - Parameters:
  ///   - snapshot: The outline to show.
  ///   - section: The section to show it in.
  ///   - animatingDifferences: Whether the batches animate.
  ///   - completion: Called on the main thread once the view shows the outline, or later
  ///     sections.
  /// - Complexity: O(*s* + *n*) for *s* sections and *n* items in the outline, and the diff.
  public func apply<Model, Item>(
    _ snapshot: ListSectionSnapshot<Item>, to section: Model, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) where Section == ListSection<Model, Item> {
    apply([(section, snapshot)], animated: animatingDifferences, completion: completion)
  }

  /// An item's depth in the outline its section shows: for a cell's indentation.
  ///
  /// - Parameter item: An item; its identifier is looked up.
  /// - Returns: Its level among the visible items of the outline last applied to its section;
  ///   0 for a root, for an item not shown, and in a section with no outline applied.
  /// - Complexity: O(*s*) for *s* sections with an outline.
  public func level<Model, Item>(of item: Item) -> Int
  where Section == ListSection<Model, Item> {
    let sections = queue.latest
    for section in sections {
      if let state = outlineStates[section.diffIdentifier], state.holds(for: section.items),
        let level = state.levels[item.diffIdentifier]
      {
        return level
      }
    }
    return 0
  }

  /// Expands items, in whichever sections show them, as `ListUpdater.expand(_:animated:completion:)`
  /// does: one change for all of them.
  ///
  /// - Parameters:
  ///   - items: The items to expand.
  ///   - animated: Whether the batches animate.
  ///   - completion: Called on the main thread once the view shows them expanded.
  /// - Complexity: O(*N*) for *N* items shown.
  public func expand<Model, Item>(
    _ items: [Item], animated: Bool = true, completion: (() -> Void)? = nil
  ) where Section == ListSection<Model, Item> {
    change(items, expanding: true, animated: animated, completion: completion)
  }

  /// Collapses items, in whichever sections show them, as
  /// `ListUpdater.collapse(_:animated:completion:)` does: one change for all of them.
  ///
  /// - Parameters:
  ///   - items: The items to collapse.
  ///   - animated: Whether the batches animate.
  ///   - completion: Called on the main thread once the view shows them collapsed.
  /// - Complexity: O(*N*) for *N* items shown.
  public func collapse<Model, Item>(
    _ items: [Item], animated: Bool = true, completion: (() -> Void)? = nil
  ) where Section == ListSection<Model, Item> {
    change(items, expanding: false, animated: animated, completion: completion)
  }

  /// Expands an item if it is collapsed, collapses it if it is expanded, in whichever sections
  /// show it, then reconfigures it: what a tap on its disclosure does, as
  /// `ListUpdater.toggleExpansion(of:animated:completion:)` does.
  ///
  /// - Parameters:
  ///   - item: The item; its identifier is looked up. One without children is passed over.
  ///   - animated: Whether the batches animate.
  ///   - completion: Called on the main thread once the view shows it.
  /// - Complexity: O(*N*) for *N* items shown.
  public func toggleExpansion<Model, Item>(
    of item: Item, animated: Bool = true, completion: (() -> Void)? = nil
  ) where Section == ListSection<Model, Item> {
    let outlines = queue.latest.lazy.map(outline(of:))
    guard let outline = outlines.first(where: { $0.hasChildren(item) }) else {
      return completion?() ?? ()
    }
    change([item], expanding: !outline.isExpanded(item), animated: animated, completion: nil)
    reconfigureItems([item.diffIdentifier], animated: animated, completion: completion)
  }

  /// Whether an item has children in the outline of a section that shows it.
  ///
  /// - Complexity: O(*N*) for *N* items shown.
  func canExpand<Model, Item>(_ item: Item) -> Bool
  where Section == ListSection<Model, Item> {
    queue.latest.contains { outline(of: $0).hasChildren(item) }
  }

  /// Expands or collapses items in whichever sections show them, with the handlers around it,
  /// in one change.
  private func change<Model, Item>(
    _ items: [Item], expanding: Bool, animated: Bool, completion: (() -> Void)?
  ) where Section == ListSection<Model, Item> {
    let handlers = sectionSnapshotHandlers
    var outlines: [(Model, ListSectionSnapshot<Item>)] = []
    var changed: [Item] = []
    for section in queue.latest {
      var outline = outline(of: section)
      let wanted = items.filter { outline.contains($0) }
      guard !wanted.isEmpty else { continue }
      changed +=
        expanding
        ? handlers.expand(wanted, in: &outline) : handlers.collapse(wanted, in: &outline)
      outlines.append((section.model, outline))
    }
    let didChange = expanding ? handlers.didExpandItem : handlers.didCollapseItem
    apply(outlines, animated: animated) {
      for item in changed { didChange?(item) }
      completion?()
    }
  }

  /// The outline a section shows: the one applied to it while it holds, its items as roots
  /// otherwise.
  private func outline<Model, Item>(of section: ListSection<Model, Item>)
    -> ListSectionSnapshot<Item>
  where Section == ListSection<Model, Item> {
    if let state = outlineStates[section.diffIdentifier], state.holds(for: section.items) {
      return state.outline
    }
    return ListSectionSnapshot(flat: section.items)
  }

  /// Shows each outline in its section, in one change.
  private func apply<Model, Item>(
    _ outlines: [(Model, ListSectionSnapshot<Item>)], animated: Bool,
    completion: (() -> Void)?
  ) where Section == ListSection<Model, Item> {
    var sections = queue.latest
    for (model, snapshot) in outlines {
      let identifier = model.diffIdentifier
      let index = sections.firstIndex { $0.diffIdentifier == identifier }
      let shown = index.flatMap { index in
        outlineStates[identifier].flatMap {
          $0.holds(for: sections[index].items) ? $0.outline : nil
        }
      }
      let state = ListOutlineState(snapshot.keepingExpansion(of: shown))
      outlineStates[identifier] = state
      if let index {
        sections[index] = ListSection(model, items: state.visible)
      } else {
        sections.append(ListSection(model, items: state.visible))
      }
    }
    queue.submit(
      sections, change: nil, options: ListSubmission(animated: animated), completion: completion)
  }
}
