/// A section of a sectioned list: itself ``Diffable``, and holding ``Diffable`` items.
///
/// The section's identity and content are its own (a header's title, a group's key): its
/// `isContentEqual(to:)` must compare the section's own content only, never its items, which
/// ``SectionedListDiff`` diffs one level down, across sections.
///
/// ``ListSection`` conforms when its model and items are `Diffable`; your own section type
/// conforms by also offering a copy with other items, which the diff uses to build the data
/// shown between stages:
///
///     struct Group: DiffableSection {
///       var title: String
///       var items: [Contact]
///       var diffIdentifier: String { title }
///       func isContentEqual(to other: Group) -> Bool { title == other.title }
///       init(section: Group, items: [Contact]) {
///         self = section
///         self.items = items
///       }
///     }
public protocol DiffableSection: Diffable {
  /// The type of the items in the section.
  associatedtype Item: Diffable

  /// The items in the section, in display order.
  ///
  /// A diff reads them more than once: they must be the same on every read while it runs (a
  /// stored array, as in ``ListSection``), as `diffIdentifier` must. A section whose item count
  /// changes between the pairing's reads stops the diff with a precondition failure that says
  /// so; any other change gives a result built from whichever items were read.
  var items: [Item] { get }

  /// Creates a copy of a section holding other items.
  ///
  /// - Parameters:
  ///   - section: The section whose identity and content to keep.
  ///   - items: The items of the copy.
  init(section: Self, items: [Item])
}

extension ListSection: DiffableSection where Model: Diffable, Item: Diffable {
  /// Creates a copy of a section holding other items.
  ///
  /// - Parameters:
  ///   - section: The section whose model to keep.
  ///   - items: The items of the copy.
  @inlinable
  public init(section: ListSection, items: [Item]) {
    self.init(section.model, items: items)
  }
}
