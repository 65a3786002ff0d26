/// The items of one section as an outline, edited with the diffable data source's section
/// snapshot names: items with children, each parent expanded or collapsed, and the visible items
/// an updater shows.
///
/// It is `NSDiffableDataSourceSectionSnapshot` for ``/ListDiffKit/Diffable`` values: items are
/// found by their `diffIdentifier`. An updater shows its ``visibleItems`` (the roots, and the
/// children of every expanded parent whose own parents are expanded) as the section's rows:
///
/// ```swift
/// var outline = ListSectionSnapshot<Folder>()
/// outline.append([documents, pictures])
/// outline.append([invoices, letters], to: documents)
/// outline.expand([documents])
/// updater.apply(outline, to: .main)  // documents, invoices, letters, pictures
/// ```
///
/// An item is collapsed until `expand(_:)` expands it. One that this snapshot neither expanded
/// nor collapsed takes, when applied, the state the updater shows it in: a new outline built from
/// new data keeps what the user expanded (where the diffable data source collapses everything
/// again). As in ``ListSnapshot``, a repeated identifier is kept, and its occurrences share their
/// expansion; an edit that names an item acts on its first occurrence (in ``items`` order) when it
/// places or looks up, on every occurrence when it deletes; what is missing is passed over when
/// deleting, expanding or collapsing, and stops the program with a message when it is a place.
public struct ListSectionSnapshot<Item: Diffable> {
  /// An item and its children.
  struct Node {
    var item: Item
    var children: [Node]

    init(_ item: Item, children: [Node] = []) {
      self.item = item
      self.children = children
    }
  }

  /// The root items, each with its descendants.
  var roots: [Node] = []
  /// The expansion `expand(_:)` and `collapse(_:)` set, by identifier: an item absent here is
  /// collapsed, and takes the state shown when the snapshot is applied.
  var expansion: [Item.DiffIdentifier: Bool] = [:]

  /// Creates an empty outline.
  public init() {}
}

extension ListSectionSnapshot.Node: Equatable where Item: Equatable {}
extension ListSectionSnapshot.Node: Sendable where Item: Sendable {}
extension ListSectionSnapshot: Equatable where Item: Equatable {}
extension ListSectionSnapshot: Sendable where Item: Sendable, Item.DiffIdentifier: Sendable {}

// MARK: - Reading

extension ListSectionSnapshot {
  /// Every item, parents before their children, in order (`items` of the diffable data source).
  ///
  /// - Complexity: O(*n*) for *n* items.
  public var items: [Item] {
    var items: [Item] = []
    visit(roots, level: 0, visibleOnly: false) { node, _ in items.append(node.item) }
    return items
  }

  /// The items shown: the roots, and the children of every expanded parent that is shown, in
  /// order.
  ///
  /// - Complexity: O(*n*) for *n* items.
  public var visibleItems: [Item] {
    var items: [Item] = []
    visit(roots, level: 0, visibleOnly: true) { node, _ in items.append(node.item) }
    return items
  }

  /// The items with no parent, in order.
  public var rootItems: [Item] { roots.map(\.item) }

  /// Whether the outline holds an item.
  ///
  /// - Parameter item: An item; its identifier is looked up.
  /// - Complexity: O(*n*) for *n* items.
  public func contains(_ item: Item) -> Bool { path(of: item.diffIdentifier) != nil }

  /// Whether an item is expanded: its children are shown when it is.
  ///
  /// - Parameter item: An item; its identifier is looked up.
  /// - Returns: `true` once `expand(_:)` expanded it (or the updater showed it expanded), `false`
  ///   otherwise and for an item the outline lacks.
  public func isExpanded(_ item: Item) -> Bool { expansion[item.diffIdentifier] == true }

  /// Whether an item is shown: every one of its parents is expanded.
  ///
  /// - Parameter item: An item; its identifier is looked up (its first occurrence).
  /// - Returns: Whether it is among ``visibleItems``; `false` for an item the outline lacks.
  /// - Complexity: O(*n*) for *n* items.
  public func isVisible(_ item: Item) -> Bool {
    guard let path = path(of: item.diffIdentifier) else { return false }
    var children = roots
    for index in path.dropLast() {
      let parent = children[index]
      guard expansion[parent.item.diffIdentifier] == true else { return false }
      children = parent.children
    }
    return true
  }

  /// Whether an item has children: whether it can expand.
  ///
  /// - Parameter item: An item; its identifier is looked up (its first occurrence).
  /// - Returns: `false` for an item without children and for an item the outline lacks.
  /// - Complexity: O(*n*) for *n* items.
  func hasChildren(_ item: Item) -> Bool {
    guard let path = path(of: item.diffIdentifier) else { return false }
    return !node(at: path).children.isEmpty
  }

  /// The position of an item in ``items``.
  ///
  /// - Parameter item: An item; its identifier is looked up.
  /// - Returns: The position of its first occurrence, or `nil` when the outline lacks it.
  /// - Complexity: O(*n*) for *n* items.
  public func index(of item: Item) -> Int? {
    items.firstIndex { $0.diffIdentifier == item.diffIdentifier }
  }

  /// The depth of an item: 0 for a root item, 1 for its children, and so on.
  ///
  /// - Parameter item: An item of the outline (its first occurrence). An item the outline lacks
  ///   stops the program with a message.
  /// - Returns: Its level.
  /// - Complexity: O(*n*) for *n* items.
  public func level(of item: Item) -> Int {
    existingPath(of: item, in: "level(of:)").count - 1
  }

  /// The parent of an item.
  ///
  /// - Parameter item: An item; its identifier is looked up (its first occurrence).
  /// - Returns: Its parent, or `nil` for a root item or an item the outline lacks.
  /// - Complexity: O(*n*) for *n* items.
  public func parent(of item: Item) -> Item? {
    guard let path = path(of: item.diffIdentifier), path.count > 1 else { return nil }
    return node(at: path.dropLast()).item
  }

  /// An outline of an item's descendants, with their expansion.
  ///
  /// - Parameters:
  ///   - parent: An item of the outline (its first occurrence). An item the outline lacks stops
  ///     the program with a message.
  ///   - includingParent: Whether `parent` is the one root of the outline returned, rather than
  ///     its children being the roots.
  /// - Returns: The outline.
  /// - Complexity: O(*n*) for *n* items.
  public func snapshot(of parent: Item, includingParent: Bool = false) -> ListSectionSnapshot {
    let node = node(at: existingPath(of: parent, in: "snapshot(of:includingParent:)"))
    var outline = ListSectionSnapshot()
    outline.roots = includingParent ? [node] : node.children
    outline.expansion = expansion
    outline.keepExpansionOfPresentItems()
    return outline
  }

  /// A text drawing of the outline, one item a line, indented by level, each parent marked `+`
  /// when collapsed and `-` when expanded.
  ///
  /// ```
  /// - documents
  ///     invoices
  ///     letters
  /// + pictures
  /// ```
  public func visualDescription() -> String {
    var lines: [String] = []
    visit(roots, level: 0, visibleOnly: false) { node, level in
      let marker =
        node.children.isEmpty ? " " : expansion[node.item.diffIdentifier] == true ? "-" : "+"
      lines.append(String(repeating: "    ", count: level) + "\(marker) \(node.item)")
    }
    return lines.joined(separator: "\n")
  }
}

// MARK: - Finding

extension ListSectionSnapshot {
  /// Calls `body` with each node and its level, parents first, skipping the children of
  /// collapsed items when `visibleOnly`.
  func visit(
    _ nodes: [Node], level: Int, visibleOnly: Bool, _ body: (Node, Int) -> Void
  ) {
    for node in nodes {
      body(node, level)
      if !node.children.isEmpty
        && (!visibleOnly || expansion[node.item.diffIdentifier] == true)
      {
        visit(node.children, level: level + 1, visibleOnly: visibleOnly, body)
      }
    }
  }

  /// The indices, from the roots down, of an item's first occurrence (in ``items`` order).
  func path(of identifier: Item.DiffIdentifier) -> [Int]? {
    func search(_ nodes: [Node], _ path: inout [Int]) -> Bool {
      for (index, node) in nodes.enumerated() {
        path.append(index)
        if node.item.diffIdentifier == identifier || search(node.children, &path) { return true }
        path.removeLast()
      }
      return false
    }
    var path: [Int] = []
    return search(roots, &path) ? path : nil
  }

  /// The path of an item that must be in the outline; stops the program naming the call
  /// otherwise.
  func existingPath(of item: Item, in call: String) -> [Int] {
    guard let path = path(of: item.diffIdentifier) else {
      preconditionFailure("ListSectionSnapshot.\(call): the outline has no item \(item)")
    }
    return path
  }

  /// The node at a path.
  func node(at path: some Collection<Int>) -> Node {
    var node = roots[path.first!]
    for index in path.dropFirst() { node = node.children[index] }
    return node
  }

  /// Changes the children of the node at `parent`, or the roots for an empty path.
  mutating func modifyChildren(at parent: ArraySlice<Int>, _ body: (inout [Node]) -> Void) {
    func modify(_ nodes: inout [Node], _ path: ArraySlice<Int>) {
      guard let first = path.first else { return body(&nodes) }
      modify(&nodes[first].children, path.dropFirst())
    }
    modify(&roots, parent)
  }

  /// Forgets the expansion of identifiers no longer in the outline.
  mutating func keepExpansionOfPresentItems() {
    guard !expansion.isEmpty else { return }
    var present = Set<Item.DiffIdentifier>()
    visit(roots, level: 0, visibleOnly: false) { node, _ in present.insert(node.item.diffIdentifier)
    }
    expansion = expansion.filter { present.contains($0.key) }
  }
}

// MARK: - Applying

extension ListSectionSnapshot {
  /// This outline, each item it neither expanded nor collapsed taking the state `shown` has it
  /// in: what survives a re-apply.
  func keepingExpansion(of shown: ListSectionSnapshot?) -> ListSectionSnapshot {
    guard let shown, !shown.expansion.isEmpty else { return self }
    var outline = self
    visit(roots, level: 0, visibleOnly: false) { node, _ in
      let identifier = node.item.diffIdentifier
      if outline.expansion[identifier] == nil, let state = shown.expansion[identifier] {
        outline.expansion[identifier] = state
      }
    }
    return outline
  }

  /// The visible items, and the level of each identifier among them (its first occurrence).
  func visibleItemsAndLevels() -> (items: [Item], levels: [Item.DiffIdentifier: Int]) {
    var items: [Item] = []
    var levels: [Item.DiffIdentifier: Int] = [:]
    visit(roots, level: 0, visibleOnly: true) { node, level in
      items.append(node.item)
      if levels[node.item.diffIdentifier] == nil { levels[node.item.diffIdentifier] = level }
    }
    return (items, levels)
  }

  /// A flat outline of these items: all roots.
  init(flat items: [Item]) {
    roots = items.map { Node($0) }
  }
}

/// An outline an updater shows in a section: the outline, the visible items it submitted (the
/// outline holds while the section shows that very array), and their levels.
struct ListOutlineState<Item: Diffable> {
  var outline: ListSectionSnapshot<Item>
  var visible: [Item]
  var levels: [Item.DiffIdentifier: Int]

  init(_ outline: ListSectionSnapshot<Item>) {
    self.outline = outline
    (visible, levels) = outline.visibleItemsAndLevels()
  }

  /// Whether the section still shows what this outline submitted: no other change replaced it.
  func holds(for items: [Item]) -> Bool {
    items.count == visible.count && sharesStorage(items, visible)
  }
}
