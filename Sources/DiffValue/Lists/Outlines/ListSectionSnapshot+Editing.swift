extension ListSectionSnapshot {
  /// Adds items at the end of a parent's children, or at the end of the roots.
  ///
  /// An item whose identifier the outline already holds is added all the same (the diffable
  /// data source traps).
  ///
  /// - Parameters:
  ///   - items: The items to add, in order, with no children.
  ///   - parent: The item whose children they become (its first occurrence), or `nil`, the
  ///     default, for root items. An item the outline lacks stops the program with a message.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* added.
  public mutating func append(_ items: [Item], to parent: Item? = nil) {
    append(items.map { Node($0) }, to: parent, in: "append(_:to:)")
  }

  /// Adds another outline's items, with their children and expansion, at the end of a parent's
  /// children, or at the end of the roots.
  ///
  /// - Parameters:
  ///   - snapshot: The outline whose root items are added.
  ///   - parent: The item whose children they become, or `nil` for root items. An item the
  ///     outline lacks stops the program with a message.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* added.
  public mutating func append(_ snapshot: ListSectionSnapshot, to parent: Item? = nil) {
    append(snapshot.roots, to: parent, in: "append(_:to:)")
    expansion.merge(snapshot.expansion) { _, added in added }
  }

  /// Inserts items before an item, among its siblings.
  ///
  /// - Parameters:
  ///   - items: The items to insert, in order, with no children.
  ///   - anchor: The item to insert them before (its first occurrence). An item the outline
  ///     lacks stops the program with a message.
  /// - Complexity: O(*n*) for *n* items.
  public mutating func insert(_ items: [Item], before anchor: Item) {
    insert(items.map { Node($0) }, next: anchor, after: false, in: "insert(_:before:)")
  }

  /// Inserts items after an item, among its siblings (after its children, which stay its own).
  ///
  /// - Parameters:
  ///   - items: The items to insert, in order, with no children.
  ///   - anchor: The item to insert them after (its first occurrence). An item the outline lacks
  ///     stops the program with a message.
  /// - Complexity: O(*n*) for *n* items.
  public mutating func insert(_ items: [Item], after anchor: Item) {
    insert(items.map { Node($0) }, next: anchor, after: true, in: "insert(_:after:)")
  }

  /// Inserts another outline's items, with their children and expansion, before an item.
  ///
  /// - Parameters:
  ///   - snapshot: The outline whose root items are inserted.
  ///   - anchor: The item to insert them before. An item the outline lacks stops the program.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* inserted.
  public mutating func insert(_ snapshot: ListSectionSnapshot, before anchor: Item) {
    insert(snapshot.roots, next: anchor, after: false, in: "insert(_:before:)")
    expansion.merge(snapshot.expansion) { _, added in added }
  }

  /// Inserts another outline's items, with their children and expansion, after an item.
  ///
  /// - Parameters:
  ///   - snapshot: The outline whose root items are inserted.
  ///   - anchor: The item to insert them after. An item the outline lacks stops the program.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* inserted.
  public mutating func insert(_ snapshot: ListSectionSnapshot, after anchor: Item) {
    insert(snapshot.roots, next: anchor, after: true, in: "insert(_:after:)")
    expansion.merge(snapshot.expansion) { _, added in added }
  }

  /// Deletes items with their descendants: every occurrence of each identifier.
  ///
  /// An item the outline lacks is passed over.
  ///
  /// - Parameter items: The items to delete; their identifiers are looked up.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* deleted.
  public mutating func delete(_ items: [Item]) {
    guard !items.isEmpty else { return }
    let deleted = Set(items.lazy.map(\.diffIdentifier))
    func remove(from nodes: inout [Node]) {
      nodes.removeAll { deleted.contains($0.item.diffIdentifier) }
      for index in nodes.indices { remove(from: &nodes[index].children) }
    }
    remove(from: &roots)
    keepExpansionOfPresentItems()
  }

  /// Deletes every item.
  public mutating func deleteAll() {
    roots = []
    expansion = [:]
  }

  /// Replaces a parent's children with another outline's items, their children and expansion.
  ///
  /// - Parameters:
  ///   - parent: The item whose children to replace (its first occurrence). An item the outline
  ///     lacks stops the program with a message.
  ///   - snapshot: The outline whose root items become the children.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* in `snapshot`.
  public mutating func replace(childrenOf parent: Item, using snapshot: ListSectionSnapshot) {
    let path = existingPath(of: parent, in: "replace(childrenOf:using:)")
    modifyChildren(at: path[...]) { $0 = snapshot.roots }
    keepExpansionOfPresentItems()
    expansion.merge(snapshot.expansion) { _, added in added }
  }

  /// Expands items: their children are shown when they are.
  ///
  /// An item the outline lacks is passed over. Every occurrence of an identifier shares its
  /// expansion.
  ///
  /// - Parameter items: The items to expand.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* expanded.
  public mutating func expand(_ items: [Item]) { setExpansion(of: items, to: true) }

  /// Collapses items: their children are hidden.
  ///
  /// An item the outline lacks is passed over. A collapsed item's children keep their own
  /// expansion, shown again when it is expanded.
  ///
  /// - Parameter items: The items to collapse.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* collapsed.
  public mutating func collapse(_ items: [Item]) { setExpansion(of: items, to: false) }

  private mutating func setExpansion(of items: [Item], to isExpanded: Bool) {
    guard !items.isEmpty else { return }
    var present = Set<Item.DiffIdentifier>()
    visit(roots, level: 0, visibleOnly: false) { node, _ in
      present.insert(node.item.diffIdentifier)
    }
    for item in items where present.contains(item.diffIdentifier) {
      expansion[item.diffIdentifier] = isExpanded
    }
  }

  private mutating func append(_ nodes: [Node], to parent: Item?, in call: String) {
    guard let parent else { return roots.append(contentsOf: nodes) }
    let path = existingPath(of: parent, in: call)
    modifyChildren(at: path[...]) { $0.append(contentsOf: nodes) }
  }

  private mutating func insert(_ nodes: [Node], next anchor: Item, after: Bool, in call: String) {
    let path = existingPath(of: anchor, in: call)
    modifyChildren(at: path.dropLast()) {
      $0.insert(contentsOf: nodes, at: path.last! + (after ? 1 : 0))
    }
  }
}
