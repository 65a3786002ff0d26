/// One occurrence of an item in an outline shown by a view that needs each item once
/// (NSOutlineView): its identifier, and which occurrence of it this is, in the order of the
/// outline's items.
package struct ListOutlineKey: Hashable, Diffable, CustomStringConvertible {
  /// The item's identifier.
  package var id: AnyHashable
  /// 0 for the first occurrence of the identifier, 1 for the second, and so on.
  package var occurrence: Int

  package init(_ id: AnyHashable, occurrence: Int = 0) {
    self.id = id
    self.occurrence = occurrence
  }

  package var description: String { occurrence == 0 ? "\(id)" : "\(id)#\(occurrence)" }
}

/// An outline as a view of parents and children (NSOutlineView) reads it: the children of each
/// item and of the root, which items are expanded, and the items themselves.
package struct ListOutlineTree {
  /// The children of each item with children, and of the root (`nil`), in order.
  package private(set) var children: [ListOutlineKey?: [ListOutlineKey]] = [nil: []]
  /// The parent of each item: `.some(nil)` for a root.
  package private(set) var parents: [ListOutlineKey: ListOutlineKey?] = [:]
  /// The items expanded, whether or not they are shown.
  package private(set) var expanded: Set<ListOutlineKey> = []
  /// The item of each key.
  package private(set) var items: [ListOutlineKey: Any] = [:]
  /// The items whose content changed since the tree this one was made after.
  package private(set) var changed: Set<ListOutlineKey> = []

  /// A tree given by its parents and children (an empty one, or one a test draws).
  ///
  /// - Parameters:
  ///   - children: The children of each parent, the root's under `nil`.
  ///   - expanded: The items expanded.
  package init(children: [ListOutlineKey?: [ListOutlineKey]], expanded: Set<ListOutlineKey>) {
    self.children = children
    self.children[nil, default: []] += []
    self.expanded = expanded
    for (parent, keys) in children {
      for key in keys { parents[key] = .some(parent) }
    }
  }

  /// The tree of an outline.
  ///
  /// - Parameters:
  ///   - outline: The outline.
  ///   - previous: The tree shown before, whose items' content this one's are compared with.
  /// - Complexity: O(*n*) for *n* items.
  package init<Item: Diffable>(_ outline: ListSectionSnapshot<Item>, previous: ListOutlineTree?) {
    var occurrences: [Item.DiffIdentifier: Int] = [:]
    func add(_ nodes: [ListSectionSnapshot<Item>.Node], to parent: ListOutlineKey?) {
      for node in nodes {
        let id = node.item.diffIdentifier
        let key = ListOutlineKey(AnyHashable(id), occurrence: occurrences[id, default: 0])
        occurrences[id, default: 0] += 1
        children[parent, default: []].append(key)
        parents[key] = .some(parent)
        items[key] = node.item
        if outline.expansion[id] == true { expanded.insert(key) }
        if let old = previous?.items[key] as? Item, !old.isContentEqual(to: node.item) {
          changed.insert(key)
        }
        add(node.children, to: key)
      }
    }
    add(outline.roots, to: nil)
  }

  /// Whether an item is in the tree.
  package func contains(_ key: ListOutlineKey) -> Bool { parents[key] != nil }

  /// Whether an item's children are shown: it is shown, expanded, and has children.
  package func showsChildren(of key: ListOutlineKey) -> Bool {
    expanded.contains(key) && !(children[key] ?? []).isEmpty && isShown(key)
  }

  /// Whether an item is shown: each of its parents shows its children.
  package func isShown(_ key: ListOutlineKey) -> Bool {
    guard let parent = parents[key] else { return false }
    guard let parent else { return true }
    return showsChildren(of: parent)
  }

  /// The items shown, parents before their children, in order.
  package var shownKeys: [ListOutlineKey] {
    var keys: [ListOutlineKey] = []
    func visit(_ parent: ListOutlineKey?) {
      for key in children[parent] ?? [] {
        keys.append(key)
        if expanded.contains(key) { visit(key) }
      }
    }
    visit(nil)
    return keys
  }
}
