extension ListSnapshot {
  /// Adds items at the end of a section.
  ///
  /// An item whose identifier the snapshot already holds is added all the same: the list shows
  /// it twice (the diffable data source traps).
  ///
  /// - Parameters:
  ///   - items: The items to add, in order.
  ///   - section: The section to add them to (the first one with its identifier); `nil`, the
  ///     default, adds them to the last section. A section the snapshot lacks, or a snapshot
  ///     with no section, stops the program with a message.
  /// - Complexity: O(*s* + *k*) for *s* sections and *k* items added.
  public mutating func appendItems(_ items: [Item], toSection section: Section? = nil) {
    let index: Int
    if let section {
      index = existingIndex(of: section, in: "appendItems(_:toSection:)")
    } else {
      precondition(
        !sections.isEmpty,
        "ListSnapshot.appendItems(_:toSection:): the snapshot has no section to add items to; "
          + "add one with appendSections(_:) first")
      index = sections.count - 1
    }
    sections[index].items.append(contentsOf: items)
  }

  /// Inserts items before an item, in its section.
  ///
  /// - Parameters:
  ///   - items: The items to insert, in order.
  ///   - anchor: The item to insert them before (its first occurrence). An item the snapshot
  ///     lacks stops the program with a message.
  /// - Complexity: O(*n*) for *n* items.
  public mutating func insertItems(_ items: [Item], beforeItem anchor: Item) {
    let position = existingPosition(of: anchor, in: "insertItems(_:beforeItem:)")
    sections[position.section].items.insert(contentsOf: items, at: position.item)
  }

  /// Inserts items after an item, in its section.
  ///
  /// - Parameters:
  ///   - items: The items to insert, in order.
  ///   - anchor: The item to insert them after (its first occurrence). An item the snapshot
  ///     lacks stops the program with a message.
  /// - Complexity: O(*n*) for *n* items.
  public mutating func insertItems(_ items: [Item], afterItem anchor: Item) {
    let position = existingPosition(of: anchor, in: "insertItems(_:afterItem:)")
    sections[position.section].items.insert(contentsOf: items, at: position.item + 1)
  }

  /// Deletes items: every occurrence of each identifier.
  ///
  /// An item the snapshot lacks is passed over.
  ///
  /// - Parameter items: The items to delete; their identifiers are looked up.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* deleted.
  public mutating func deleteItems(_ items: [Item]) {
    guard !items.isEmpty else { return }
    let deleted = Set(items.lazy.map(\.diffIdentifier))
    for index in sections.indices {
      sections[index].items.removeAll { deleted.contains($0.diffIdentifier) }
    }
    reloadedItems.subtract(deleted)
    reconfiguredItems.subtract(deleted)
  }

  /// Deletes every section and every item.
  public mutating func deleteAllItems() {
    sections = []
    reloadedItems = []
    reconfiguredItems = []
    reloadedSections = []
  }

  /// Moves an item before another one, within its section or into another.
  ///
  /// The item keeps the value the snapshot holds. Moving an item before itself does nothing.
  ///
  /// - Parameters:
  ///   - item: The item to move (its first occurrence).
  ///   - anchor: The item to move it before (its first occurrence once `item` is taken out).
  ///   Either one missing from the snapshot stops the program with a message.
  /// - Complexity: O(*n*) for *n* items.
  public mutating func moveItem(_ item: Item, beforeItem anchor: Item) {
    move(item, relativeTo: anchor, after: false, in: "moveItem(_:beforeItem:)")
  }

  /// Moves an item after another one, within its section or into another.
  ///
  /// The item keeps the value the snapshot holds. Moving an item after itself does nothing.
  ///
  /// - Parameters:
  ///   - item: The item to move (its first occurrence).
  ///   - anchor: The item to move it after (its first occurrence once `item` is taken out).
  ///   Either one missing from the snapshot stops the program with a message.
  /// - Complexity: O(*n*) for *n* items.
  public mutating func moveItem(_ item: Item, afterItem anchor: Item) {
    move(item, relativeTo: anchor, after: true, in: "moveItem(_:afterItem:)")
  }

  /// Marks items to be shown by new cells when the snapshot is applied, and takes their values.
  ///
  /// Every occurrence of each identifier takes the value given. A cell whose item's content
  /// changed is refreshed without this call; call it for a cell that must be replaced (another
  /// cell type) or for a change the value does not hold. An item the snapshot lacks is passed
  /// over (the diffable data source raises an exception).
  ///
  /// - Parameter items: The items to reload.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* reloaded.
  public mutating func reloadItems(_ items: [Item]) {
    reloadedItems.formUnion(replacing(items))
  }

  /// Marks items to be shown again by their cells when the snapshot is applied, and takes their
  /// values.
  ///
  /// Every occurrence of each identifier takes the value given. A cell whose item's content
  /// changed is refreshed without this call; call it for a change the value does not hold (an
  /// image that arrived). A `ListBindable` cell is re-bound, another cell reconfigured where the
  /// view can, reloaded where it cannot. An item the snapshot lacks is passed over (the diffable
  /// data source raises an exception).
  ///
  /// - Parameter items: The items to reconfigure.
  /// - Complexity: O(*n* + *k*) for *n* items and *k* reconfigured.
  public mutating func reconfigureItems(_ items: [Item]) {
    reconfiguredItems.formUnion(replacing(items))
  }

  /// Replaces every occurrence of the items given with their values (the last one given for an
  /// identifier given twice), and returns the identifiers found.
  private mutating func replacing(_ items: [Item]) -> Set<Item.DiffIdentifier> {
    guard !items.isEmpty else { return [] }
    var values: [Item.DiffIdentifier: Item] = [:]
    for item in items { values[item.diffIdentifier] = item }
    var found = Set<Item.DiffIdentifier>()
    for section in sections.indices {
      for index in sections[section].items.indices {
        let identifier = sections[section].items[index].diffIdentifier
        if let value = values[identifier] {
          sections[section].items[index] = value
          found.insert(identifier)
        }
      }
    }
    return found
  }

  /// Moves the first occurrence of `item` next to the first one of `anchor`.
  private mutating func move(_ item: Item, relativeTo anchor: Item, after: Bool, in call: String) {
    let from = existingPosition(of: item, in: call)
    _ = existingPosition(of: anchor, in: call)
    guard item.diffIdentifier != anchor.diffIdentifier else { return }
    let moved = sections[from.section].items.remove(at: from.item)
    let to = existingPosition(of: anchor, in: call)
    sections[to.section].items.insert(moved, at: to.item + (after ? 1 : 0))
  }
}
