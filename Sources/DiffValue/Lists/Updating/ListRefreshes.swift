/// The items and sections a change must show again though their values did not change (a
/// snapshot's `reconfigureItems`, `reloadItems` and `reloadSections`, an updater's refresh on
/// demand), by identifier; changes shown together merge theirs.
struct ListRefreshes<ItemIdentifier: Hashable, SectionIdentifier: Hashable> {
  /// How each item is shown again: a reload wins over a reconfigure.
  var items: [ItemIdentifier: ListCellRefresh] = [:]
  /// The sections to reload.
  var sections: Set<SectionIdentifier> = []

  /// No refresh.
  init() {}

  /// These items, shown again this way.
  init(items identifiers: some Sequence<ItemIdentifier>, as refresh: ListCellRefresh) {
    add(identifiers, as: refresh)
  }

  /// These sections, reloaded.
  init(sections identifiers: some Sequence<SectionIdentifier>) {
    sections = Set(identifiers)
  }

  /// Whether nothing is to be shown again.
  var isEmpty: Bool { items.isEmpty && sections.isEmpty }

  /// Asks for these items to be shown again, a reload winning over a reconfigure.
  mutating func add(_ identifiers: some Sequence<ItemIdentifier>, as refresh: ListCellRefresh) {
    for identifier in identifiers {
      if refresh == .reload || items[identifier] == nil { items[identifier] = refresh }
    }
  }

  /// Takes in the refreshes of a change shown together with this one.
  mutating func merge(_ other: ListRefreshes) {
    if isEmpty {
      self = other
      return
    }
    for (identifier, refresh) in other.items {
      if refresh == .reload || items[identifier] == nil { items[identifier] = refresh }
    }
    sections.formUnion(other.sections)
  }
}
