#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The index paths of the identifiers of what an updater's view shows, built on the first
/// lookup after each change, so that an updater nobody asks pays nothing.
struct ListLookupTable<Identifier: Hashable> {
  private var revision = -1
  private var indexPaths: [Identifier: IndexPath] = [:]

  /// The index path of `identifier`'s first occurrence, building the table first when
  /// `revision` is not the one it was built for.
  ///
  /// - Parameters:
  ///   - identifier: The identifier to find.
  ///   - revision: The revision of the data shown.
  ///   - build: Calls its argument with each identifier and index path, in order.
  /// - Complexity: O(1) expected; O(*n*) to build the table for *n* items.
  mutating func indexPath(
    of identifier: Identifier, revision: Int,
    build: ((Identifier, IndexPath) -> Void) -> Void
  ) -> IndexPath? {
    if revision != self.revision {
      var table: [Identifier: IndexPath] = [:]
      build { identifier, indexPath in
        if table[identifier] == nil { table[identifier] = indexPath }
      }
      indexPaths = table
      self.revision = revision
    }
    return indexPaths[identifier]
  }
}
