#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SectionedListUpdater {
  /// Creates an updater that also serves as the view's data source, for sections: cells from
  /// `cellProvider`, headers and footers from `supplementaryViewProvider`, as
  /// `ListUpdater.init(view:items:reloadThreshold:supplementaryViewProvider:cellProvider:)`.
  ///
  /// - Parameters:
  ///   - view: The list view. The updater holds it, and becomes its data source.
  ///   - sections: The sections the view shows now.
  ///   - reloadThreshold: Above this many operations a change reloads the view.
  ///   - supplementaryViewProvider: Makes a section's header and footer: a table view's
  ///     titles, a collection view's supplementary views. The index path is the section's, with
  ///     item 0; `sections[indexPath.section]` is the section. Called on the main thread.
  ///   - cellProvider: Makes the cell for an item at an index path. Called on the main thread.
  public convenience init<View: CellProvidingListView>(
    view: View, sections: [Section], reloadThreshold: Int = 300,
    supplementaryViewProvider: (
      @MainActor (View, _ kind: String, IndexPath) -> View.SupplementaryView?
    )? = nil,
    cellProvider: @escaping @MainActor (View, IndexPath, Section.Item) -> View.Cell
  ) {
    self.init(view: view, sections: sections, reloadThreshold: reloadThreshold)
    let source = ListDataSource<View.Cell, View.SupplementaryView>(
      ListDataSource.Answers(
        numberOfSections: { [weak self] in self?.sections.count ?? 0 },
        numberOfItems: { [weak self] section in
          guard let sections = self?.sections, sections.indices.contains(section) else { return 0 }
          return sections[section].items.count
        },
        cell: { [weak self, weak view] indexPath in
          guard let view, let item = self?.item(at: indexPath) else { return nil }
          return cellProvider(view, indexPath, item)
        },
        item: { [weak self] indexPath in self?.item(at: indexPath) },
        section: { [weak self] section in
          guard let sections = self?.sections, sections.indices.contains(section) else {
            return nil
          }
          return sections[section]
        },
        supplementaryView: supplementaryViewProvider.map { provider in
          { [weak view] kind, indexPath in view.flatMap { provider($0, kind, indexPath) } }
        },
        canMoveItem: { [weak self] indexPath in self?.canMoveItem(at: indexPath) ?? false },
        moveItem: { [weak self] from, to in self?.moveItem(from: from, to: to) },
        canDeleteItem: { [weak self] indexPath in self?.canDeleteItem(at: indexPath) },
        deleteItem: { [weak self] indexPath in self?.deleteItem(at: indexPath) },
        sectionIndex: { [weak self] in self?.sectionIndex() }))
    dataSource = (source, view.useListDataSource(source))
  }

  /// Whether the user may move the item at an index path.
  func canMoveItem(at indexPath: IndexPath) -> Bool {
    guard let canReorderItem = reorderingHandlers.canReorderItem, let item = item(at: indexPath)
    else { return false }
    return canReorderItem(item)
  }

  /// Whether the user may delete the item at an index path; `nil` while deleting is off.
  private func canDeleteItem(at indexPath: IndexPath) -> Bool? {
    guard let canDelete = editingHandlers.canDeleteItem else { return nil }
    return item(at: indexPath).map(canDelete) ?? false
  }

  /// Shows the sections without the item the user deleted, and reports it to the editing
  /// handlers.
  ///
  /// - Complexity: O(*n*), and a sectioned diff.
  private func deleteItem(at indexPath: IndexPath) {
    guard canDeleteItem(at: indexPath) == true, let item = item(at: indexPath) else { return }
    let old = sections
    var new = old
    var remaining = new[indexPath[0]].items
    remaining.remove(at: indexPath[1])
    new[indexPath[0]] = Section(section: new[indexPath[0]], items: remaining)
    let change = SectionedListChange(old: old, new: new, staging: staging)
    apply(change)
    editingHandlers.didDelete?(item, change)
  }

  /// The section index: the titles `sectionIndexTitle` gives, and the section of each.
  private func sectionIndex() -> (titles: [String], sections: [Int])? {
    guard let sectionIndexTitle else { return nil }
    var index: (titles: [String], sections: [Int]) = ([], [])
    for (number, section) in sections.enumerated() {
      guard let title = sectionIndexTitle(section) else { continue }
      index.titles.append(title)
      index.sections.append(number)
    }
    return index
  }

  /// Takes the user's move, within a section or across sections, as shown and reports it to
  /// the reordering handlers.
  ///
  /// - Parameters:
  ///   - from: The item's index path before the move.
  ///   - to: Its index path after it, with the item removed from `from` first.
  /// - Complexity: O(*n*), and a sectioned diff of the two orders.
  func moveItem(from: IndexPath, to: IndexPath) {
    let old = sections
    guard item(at: from) != nil, to.count == 2, old.indices.contains(to[0]) else { return }
    var new = old
    var source = new[from[0]].items
    let item = source.remove(at: from[1])
    new[from[0]] = Section(section: new[from[0]], items: source)
    var destination = new[to[0]].items
    guard (0...destination.count).contains(to[1]) else { return }
    destination.insert(item, at: to[1])
    new[to[0]] = Section(section: new[to[0]], items: destination)
    let change = SectionedListChange(old: old, new: new, staging: staging)
    reorderingHandlers.willReorder?(change)
    applyAlreadyShown(new)
    reorderingHandlers.didReorder?(change)
  }
}
