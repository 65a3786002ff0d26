#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ListUpdater {
  /// The item the view shows at an index path, as `items` has it.
  ///
  /// ```swift
  /// let contact = updater.item(at: indexPath)  // in a delegate method, say
  /// ```
  ///
  /// - Parameter indexPath: An index path of the view: section 0, a row of `items`.
  /// - Returns: The item, or `nil` when the index path is outside what the view shows.
  /// - Complexity: O(1).
  public func item(at indexPath: IndexPath) -> Item? {
    guard indexPath.count == 2, indexPath[0] == 0, items.indices.contains(indexPath[1]) else {
      return nil
    }
    return items[indexPath[1]]
  }

  /// The index path where the view shows the item with the same identity as `item`.
  ///
  /// - Parameter item: An item; its `diffIdentifier` is looked up, its content is not compared.
  /// - Returns: The first index path with that identity, or `nil` when the view shows none.
  /// - Complexity: O(1) expected; the first lookup after a change builds a table of what the
  ///   view shows, in O(*n*).
  public func indexPath(for item: Item) -> IndexPath? {
    indexPath(forIdentifier: item.diffIdentifier)
  }

  /// The index path where the view shows the item with this identifier.
  ///
  /// - Parameter identifier: An item's `diffIdentifier`.
  /// - Returns: The first index path with that identity, or `nil` when the view shows none.
  /// - Complexity: O(1) expected; the first lookup after a change builds a table of what the
  ///   view shows, in O(*n*).
  public func indexPath(forIdentifier identifier: Item.DiffIdentifier) -> IndexPath? {
    let items = items
    return lookupTable.indexPath(of: identifier, revision: shownRevision) { add in
      for (row, item) in items.enumerated() {
        add(item.diffIdentifier, IndexPath(indexes: [0, row]))
      }
    }
  }
}
