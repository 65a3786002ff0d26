/// The sections and items a list shows, edited with the diffable data source's names and shown by
/// an updater's `apply(_:animatingDifferences:completion:)`.
///
/// It is `NSDiffableDataSourceSnapshot` for ``/ListDiffKit/Diffable`` values: sections and items
/// are found by their `diffIdentifier`, and what a value holds besides is its content. Apply it
/// to a ``SectionedListUpdater`` of ``/ListDiffKit/ListSection`` values, or to a ``ListUpdater``,
/// which shows every section's items in its one section:
///
/// ```swift
/// var snapshot = ListSnapshot<Group, Contact>()
/// snapshot.appendSections([.favorites, .everyone])
/// snapshot.appendItems(favorites, toSection: .favorites)
/// snapshot.appendItems(everyone, toSection: .everyone)
/// updater.apply(snapshot, animatingDifferences: true)
/// ```
///
/// Three things differ from the diffable data source:
///
/// - An item or section whose identifier is already in the snapshot is kept, not trapped on: the
///   list shows it twice, as a `@Diff` array holding it twice would, and the updater pairs the
///   occurrences in order (``/ListDiffKit/ListDiff/DuplicatePolicy/pairInOrder``). An edit that
///   names an identifier acts on every occurrence when it deletes or refreshes, and on the first
///   one when it places or looks up.
/// - An item whose content changed (`isContentEqual(to:)` returns `false` against what the view
///   shows) is refreshed without `reconfigureItems(_:)`; that call, and `reloadItems(_:)`, are
///   for a change the value does not hold (an image that arrived).
/// - Deleting, reloading or reconfiguring what the snapshot lacks does nothing; an edit that
///   places something relative to a section or an item the snapshot lacks (`appendItems` to a
///   missing section, `insertItems(_:beforeItem:)`, `moveItem`, `moveSection`) stops the program
///   with a message that names it, as the diffable data source raises an exception.
///
/// The snapshot is a value: editing a copy leaves the original as it was.
public struct ListSnapshot<Section: Diffable, Item: Diffable> {
  /// The sections, each with its items, in order: what a ``SectionedListUpdater`` shows.
  public internal(set) var sections: [ListSection<Section, Item>]
  /// The identifiers of the items marked by `reloadItems(_:)`.
  var reloadedItems: Set<Item.DiffIdentifier> = []
  /// The identifiers of the items marked by `reconfigureItems(_:)`.
  var reconfiguredItems: Set<Item.DiffIdentifier> = []
  /// The identifiers of the sections marked by `reloadSections(_:)`.
  var reloadedSections: Set<Section.DiffIdentifier> = []

  /// Creates an empty snapshot: no section, no item.
  public init() {
    sections = []
  }

  /// Creates a snapshot of these sections and their items.
  ///
  /// ```swift
  /// let snapshot = ListSnapshot([ListSection(Group.favorites, items: favorites)])
  /// ```
  ///
  /// - Parameter sections: The sections, each with its items, in order.
  public init(_ sections: [ListSection<Section, Item>]) {
    self.sections = sections
  }
}

extension ListSnapshot: Equatable where Section: Equatable, Item: Equatable {}

extension ListSnapshot: Sendable
where
  Section: Sendable, Item: Sendable, Section.DiffIdentifier: Sendable,
  Item.DiffIdentifier: Sendable
{}

// MARK: - Reading

extension ListSnapshot {
  /// The number of items in all the sections.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  public var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }

  /// The number of sections.
  public var numberOfSections: Int { sections.count }

  /// The sections, in order: the values `appendSections(_:)` took.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  public var sectionIdentifiers: [Section] { sections.map(\.model) }

  /// The items of all the sections, in order.
  ///
  /// - Complexity: O(*n*) for *n* items.
  public var itemIdentifiers: [Item] { sections.flatMap(\.items) }

  /// The number of items in a section.
  ///
  /// - Parameter section: A section of the snapshot; the first one with its identifier counts.
  ///   A section the snapshot lacks stops the program with a message.
  /// - Returns: The number of its items.
  /// - Complexity: O(*s*) for *s* sections.
  public func numberOfItems(inSection section: Section) -> Int {
    sections[existingIndex(of: section, in: "numberOfItems(inSection:)")].items.count
  }

  /// The items of a section, in order.
  ///
  /// - Parameter section: A section of the snapshot; the first one with its identifier counts.
  ///   A section the snapshot lacks stops the program with a message.
  /// - Returns: Its items.
  /// - Complexity: O(*s*) for *s* sections.
  public func itemIdentifiers(inSection section: Section) -> [Item] {
    sections[existingIndex(of: section, in: "itemIdentifiers(inSection:)")].items
  }

  /// The section that holds an item.
  ///
  /// - Parameter item: An item; its identifier is looked up, its content is not compared.
  /// - Returns: The section of its first occurrence, or `nil` when the snapshot lacks it.
  /// - Complexity: O(*n*) for *n* items.
  public func sectionIdentifier(containingItem item: Item) -> Section? {
    position(of: item.diffIdentifier).map { sections[$0.section].model }
  }

  /// The position of an item among the items of all the sections (`itemIdentifiers`).
  ///
  /// - Parameter item: An item; its identifier is looked up, its content is not compared.
  /// - Returns: The position of its first occurrence, or `nil` when the snapshot lacks it.
  /// - Complexity: O(*n*) for *n* items.
  public func indexOfItem(_ item: Item) -> Int? {
    guard let position = position(of: item.diffIdentifier) else { return nil }
    return sections[..<position.section].reduce(position.item) { $0 + $1.items.count }
  }

  /// The position of a section.
  ///
  /// - Parameter section: A section; its identifier is looked up.
  /// - Returns: The position of the first section with its identifier, or `nil`.
  /// - Complexity: O(*s*) for *s* sections.
  public func indexOfSection(_ section: Section) -> Int? {
    index(ofSection: section.diffIdentifier)
  }

  /// The items `reloadItems(_:)` marked, in order: their cells are replaced when the snapshot is
  /// applied.
  ///
  /// - Complexity: O(*n*) for *n* items.
  public var reloadedItemIdentifiers: [Item] {
    reloadedItems.isEmpty
      ? [] : itemIdentifiers.filter { reloadedItems.contains($0.diffIdentifier) }
  }

  /// The items `reconfigureItems(_:)` marked, in order: their cells show them again when the
  /// snapshot is applied.
  ///
  /// - Complexity: O(*n*) for *n* items.
  public var reconfiguredItemIdentifiers: [Item] {
    reconfiguredItems.isEmpty
      ? [] : itemIdentifiers.filter { reconfiguredItems.contains($0.diffIdentifier) }
  }

  /// The sections `reloadSections(_:)` marked, in order.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  public var reloadedSectionIdentifiers: [Section] {
    sectionIdentifiers.filter { reloadedSections.contains($0.diffIdentifier) }
  }
}

// MARK: - Finding

extension ListSnapshot {
  /// The position of the first section with this identifier.
  func index(ofSection identifier: Section.DiffIdentifier) -> Int? {
    sections.firstIndex { $0.model.diffIdentifier == identifier }
  }

  /// The position of a section that must be in the snapshot; stops the program naming the call
  /// otherwise.
  func existingIndex(of section: Section, in call: String) -> Int {
    guard let index = index(ofSection: section.diffIdentifier) else {
      preconditionFailure(
        "ListSnapshot.\(call): the snapshot has no section \(section); add it with "
          + "appendSections(_:) first")
    }
    return index
  }

  /// The section and position of an item's first occurrence.
  func position(of identifier: Item.DiffIdentifier) -> (section: Int, item: Int)? {
    for (section, value) in sections.enumerated() {
      if let item = value.items.firstIndex(where: { $0.diffIdentifier == identifier }) {
        return (section, item)
      }
    }
    return nil
  }

  /// The position of an item that must be in the snapshot; stops the program naming the call
  /// otherwise.
  func existingPosition(of item: Item, in call: String) -> (section: Int, item: Int) {
    guard let position = position(of: item.diffIdentifier) else {
      preconditionFailure("ListSnapshot.\(call): the snapshot has no item \(item)")
    }
    return position
  }

  /// The refreshes the marks ask for, by item identifier: a reload wins over a reconfigure, and
  /// when `flattening`, every item of a reloaded section is reloaded (a flat list has no
  /// section to reload).
  func itemRefreshes(flattening: Bool) -> [Item.DiffIdentifier: ListCellRefresh] {
    var refreshes: [Item.DiffIdentifier: ListCellRefresh] = [:]
    for identifier in reconfiguredItems { refreshes[identifier] = .reconfigure }
    for identifier in reloadedItems { refreshes[identifier] = .reload }
    if flattening && !reloadedSections.isEmpty {
      for section in sections where reloadedSections.contains(section.model.diffIdentifier) {
        for item in section.items { refreshes[item.diffIdentifier] = .reload }
      }
    }
    return refreshes
  }
}
