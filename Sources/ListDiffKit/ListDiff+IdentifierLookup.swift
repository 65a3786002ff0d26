extension ListDiff {
  /// Where each identifier of a diff's two lists is: IGListKit's `oldIndex(forIdentifier:)`
  /// and `newIndex(forIdentifier:)`.
  ///
  /// A ``ListDiff`` keeps offsets, not identifiers, so that a diff nobody looks up in costs
  /// nothing more. Build a lookup from the two lists when you need to find items by identity,
  /// then ask it as often as you like:
  ///
  ///     let diff = ListDiff(old: ["a", "b", "c"], new: ["c", "a", "d"])
  ///     let lookup = diff.identifierLookup(old: ["a", "b", "c"], new: ["c", "a", "d"])
  ///     lookup.oldIndex(forIdentifier: "a")  // 0
  ///     lookup.newIndex(forIdentifier: "a")  // 1
  ///     lookup.newIndex(forIdentifier: "b")  // nil ("b" was deleted)
  ///
  /// As in IGListKit, every item of each list is found, whether the diff matched it or not,
  /// and an identifier that occurs more than once in a list gives the offset of its *last*
  /// occurrence there. That occurrence is not always the one the diff paired (see
  /// ``ListDiff/DuplicatePolicy``): for the partner of a given item, use the by-offset
  /// lookups, ``ListDiff/newIndex(for:)`` and ``ListDiff/oldIndex(for:)``.
  public struct IdentifierLookup<Identifier: Hashable> {
    /// The last old offset of each identifier of the old list.
    @usableFromInline
    internal let _oldIndices: [Identifier: Int]

    /// The last new offset of each identifier of the new list.
    @usableFromInline
    internal let _newIndices: [Identifier: Int]

    @inlinable
    internal init(oldIndices: [Identifier: Int], newIndices: [Identifier: Int]) {
      _oldIndices = oldIndices
      _newIndices = newIndices
    }

    /// Returns the offset an identifier had in the old list, or `nil` if it was not there.
    ///
    /// - Parameter identifier: An item's `diffIdentifier`.
    /// - Returns: The old offset of the item (of its last occurrence, if it repeats), deleted
    ///   or not.
    /// - Complexity: Expected O(1).
    @inlinable
    public func oldIndex(forIdentifier identifier: Identifier) -> Int? {
      _oldIndices[identifier]
    }

    /// Returns the offset an identifier has in the new list, or `nil` if it is not there.
    ///
    /// - Parameter identifier: An item's `diffIdentifier`.
    /// - Returns: The new offset of the item (of its last occurrence, if it repeats), inserted
    ///   or not.
    /// - Complexity: Expected O(1).
    @inlinable
    public func newIndex(forIdentifier identifier: Identifier) -> Int? {
      _newIndices[identifier]
    }
  }

  /// Returns a lookup of the diff's two lists by identifier.
  ///
  ///     let lookup = diff.identifierLookup(old: oldItems, new: newItems)
  ///     if let row = lookup.newIndex(forIdentifier: selected.id) { ... }
  ///
  /// - Parameters:
  ///   - old: The old list this diff was computed from.
  ///   - new: The new list this diff was computed from.
  /// - Returns: A lookup whose answers are offsets of `old` and `new`.
  /// - Precondition: `old` holds ``oldCount`` items and `new` ``newCount``: lists of other
  ///   lengths cannot be the ones the diff describes.
  /// - Complexity: O(*n* + *m*) expected time and memory, where *n* and *m* are the two
  ///   counts, once; each lookup is then expected O(1).
  @inlinable
  public func identifierLookup<Old: Collection, New: Collection>(old: Old, new: New)
    -> IdentifierLookup<Old.Element.DiffIdentifier>
  where Old.Element: Diffable, Old.Element == New.Element {
    IdentifierLookup(
      oldIndices: _lastOffsets(of: old, count: oldCount, side: "old"),
      newIndices: _lastOffsets(of: new, count: newCount, side: "new"))
  }

  /// Returns the offset an identifier had in the old list, or `nil` if it was not there, by
  /// reading the list: for a single lookup, without building an ``IdentifierLookup``.
  ///
  ///     let diff = ListDiff(old: ["a", "b"], new: ["b", "c"])
  ///     diff.oldIndex(forIdentifier: "b", in: ["a", "b"])  // 1
  ///
  /// - Parameters:
  ///   - identifier: An item's `diffIdentifier`.
  ///   - old: The old list this diff was computed from.
  /// - Returns: The old offset of the item (of its last occurrence, if it repeats, as
  ///   ``IdentifierLookup/oldIndex(forIdentifier:)`` answers), deleted or not.
  /// - Precondition: `old` holds ``oldCount`` items.
  /// - Complexity: O(*n*) for the *n* items of `old`, with no allocation.
  @inlinable
  public func oldIndex<Old: Collection>(
    forIdentifier identifier: Old.Element.DiffIdentifier, in old: Old
  ) -> Int? where Old.Element: Diffable {
    _lastOffset(of: identifier, in: old, count: oldCount, side: "old")
  }

  /// Returns the offset an identifier has in the new list, or `nil` if it is not there, by
  /// reading the list: for a single lookup, without building an ``IdentifierLookup``.
  ///
  ///     let diff = ListDiff(old: ["a", "b"], new: ["b", "c"])
  ///     diff.newIndex(forIdentifier: "b", in: ["b", "c"])  // 0
  ///
  /// - Parameters:
  ///   - identifier: An item's `diffIdentifier`.
  ///   - new: The new list this diff was computed from.
  /// - Returns: The new offset of the item (of its last occurrence, if it repeats), inserted
  ///   or not.
  /// - Precondition: `new` holds ``newCount`` items.
  /// - Complexity: O(*m*) for the *m* items of `new`, with no allocation.
  @inlinable
  public func newIndex<New: Collection>(
    forIdentifier identifier: New.Element.DiffIdentifier, in new: New
  ) -> Int? where New.Element: Diffable {
    _lastOffset(of: identifier, in: new, count: newCount, side: "new")
  }

  /// Each identifier's last offset in `list`, which must hold `count` items.
  @inlinable
  internal func _lastOffsets<List: Collection>(of list: List, count: Int, side: StaticString)
    -> [List.Element.DiffIdentifier: Int]
  where List.Element: Diffable {
    var offsets: [List.Element.DiffIdentifier: Int] = [:]
    offsets.reserveCapacity(count)
    var offset = 0
    for item in list {
      offsets[item.diffIdentifier] = offset  // a later occurrence replaces an earlier one
      offset += 1
    }
    _checkCount(offset, expected: count, side: side)
    return offsets
  }

  /// The last offset of `identifier` in `list`, which must hold `count` items.
  @inlinable
  internal func _lastOffset<List: Collection>(
    of identifier: List.Element.DiffIdentifier, in list: List, count: Int, side: StaticString
  ) -> Int? where List.Element: Diffable {
    var found: Int?
    var offset = 0
    for item in list {
      if item.diffIdentifier == identifier { found = offset }
      offset += 1
    }
    _checkCount(offset, expected: count, side: side)
    return found
  }

  /// Stops with a message when a list passed for a lookup is not the one the diff describes.
  @inlinable
  internal func _checkCount(_ count: Int, expected: Int, side: StaticString) {
    precondition(
      count == expected,
      "ListDiff: the \(side) list given for a lookup by identifier holds \(count) items, but "
        + "the diff was computed from \(expected): pass the lists the diff was computed from")
  }
}

extension ListDiff.IdentifierLookup: Sendable where Identifier: Sendable {}
