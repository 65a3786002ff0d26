// Whether two lists hold the same items: what DiffValue's updaters ask before they trust a change
// to start from what the view shows. The package's modules alone see these.

/// Whether two lists hold the same items, by identity and content.
///
/// Two arrays that share their storage are the same at once: a change handed over by `bind(to:)`
/// starts from the array the previous one ended on, which is what the view shows, so the check
/// costs nothing on that path (item by item, it was most of the updater's own cost).
///
/// - Complexity: O(1) for arrays that share their storage; O(*n*) otherwise.
@inlinable
package func sameItems<Item: Diffable>(_ lhs: [Item], _ rhs: [Item]) -> Bool {
  guard lhs.count == rhs.count else { return false }
  return sharesStorage(lhs, rhs)
    || zip(lhs, rhs).allSatisfy {
      $0.diffIdentifier == $1.diffIdentifier && $0.isContentEqual(to: $1)
    }
}

/// Whether two lists of sections hold the same sections and items, by identity and content.
///
/// - Complexity: O(1) for arrays that share their storage; O(*n*) over sections and items
///   otherwise.
@inlinable
package func sameSections<Section: DiffableSection>(_ lhs: [Section], _ rhs: [Section]) -> Bool {
  guard lhs.count == rhs.count else { return false }
  return sharesStorage(lhs, rhs)
    || sameItems(lhs, rhs) && zip(lhs, rhs).allSatisfy { sameItems($0.items, $1.items) }
}

/// Whether two arrays of the same count share their storage, and so hold the same values.
///
/// - Complexity: O(1).
@inlinable
package func sharesStorage<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
  lhs.withUnsafeBufferPointer { left in
    rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
  }
}
