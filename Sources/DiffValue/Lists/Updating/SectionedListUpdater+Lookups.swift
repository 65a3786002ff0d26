#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SectionedListUpdater {
  /// The identifiers of the sections the view shows, in order.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  public var sectionIdentifiers: [Section.DiffIdentifier] { sections.map(\.diffIdentifier) }

  /// The index of the section the view shows with this identifier.
  ///
  /// - Parameter identifier: A section's `diffIdentifier`.
  /// - Returns: The first section with that identity, or `nil` when the view shows none.
  /// - Complexity: O(*s*) for *s* sections.
  public func index(ofSectionWithIdentifier identifier: Section.DiffIdentifier) -> Int? {
    sections.firstIndex { $0.diffIdentifier == identifier }
  }

  /// The item the view shows at an index path, as `sections` has it.
  ///
  /// - Parameter indexPath: An index path of the view: a section and a row of its items.
  /// - Returns: The item, or `nil` when the index path is outside what the view shows.
  /// - Complexity: O(1).
  public func item(at indexPath: IndexPath) -> Section.Item? {
    let sections = sections
    guard indexPath.count == 2, sections.indices.contains(indexPath[0]),
      sections[indexPath[0]].items.indices.contains(indexPath[1])
    else { return nil }
    return sections[indexPath[0]].items[indexPath[1]]
  }

  /// The index path where the view shows the item with the same identity as `item`.
  ///
  /// - Parameter item: An item; its `diffIdentifier` is looked up, its content is not compared.
  /// - Returns: The first index path with that identity, sections in order, or `nil`.
  /// - Complexity: O(1) expected; the first lookup after a change builds a table of what the
  ///   view shows, in O(*n*) for *n* items.
  public func indexPath(for item: Section.Item) -> IndexPath? {
    indexPath(forIdentifier: item.diffIdentifier)
  }

  /// The index path where the view shows the item with this identifier.
  ///
  /// - Parameter identifier: An item's `diffIdentifier`.
  /// - Returns: The first index path with that identity, sections in order, or `nil`.
  /// - Complexity: O(1) expected; the first lookup after a change builds a table of what the
  ///   view shows, in O(*n*) for *n* items.
  public func indexPath(forIdentifier identifier: Section.Item.DiffIdentifier) -> IndexPath? {
    let sections = sections
    return lookupTable.indexPath(of: identifier, revision: shownRevision) { add in
      for (section, value) in sections.enumerated() {
        for (row, item) in value.items.enumerated() {
          add(item.diffIdentifier, IndexPath(indexes: [section, row]))
        }
      }
    }
  }
}
