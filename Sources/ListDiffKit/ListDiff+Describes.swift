extension ListDiff {
  /// Whether this diff turns `old` into `new`: a diff given with a change is taken on trust only
  /// when it does, so that one built for other lists is computed again rather than sent to the
  /// view (a batch that breaks UIKit's rules later, or a stale cell).
  ///
  /// It checks the counts, that each matched pair is one item, and that a pair not marked
  /// updated shows the same content. For DiffValue's updaters: the package's modules alone see it.
  ///
  /// - Complexity: O(*n* + *m*).
  @inlinable
  package func describes<Item: Diffable>(from old: [Item], to new: [Item]) -> Bool {
    guard oldCount == old.count, newCount == new.count else { return false }
    var updated = [Bool](repeating: false, count: old.count)
    for index in updates { updated[index] = true }  // offsets below oldCount, checked above
    return new.indices.allSatisfy { newIndex in
      guard let oldIndex = oldIndex(for: newIndex) else { return true }
      return old[oldIndex].diffIdentifier == new[newIndex].diffIdentifier
        && (updated[oldIndex] || old[oldIndex].isContentEqual(to: new[newIndex]))
    }
  }
}
