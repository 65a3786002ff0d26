/// The deletes, inserts, updates and moves that turn an old list into a new one.
///
/// Items are matched by identity (`Diffable/diffIdentifier`); a matched pair whose content
/// differs (`Diffable/isContentEqual(to:)`) is an *update*; an unmatched old item is a
/// *delete*, an unmatched new item an *insert*. Among the matched items, the longest run that
/// kept its relative order stays in place and every other matched item is a *move*, so the
/// number of moves is the fewest possible for the pairing chosen. When identifiers repeat,
/// another pairing of their occurrences may need fewer moves (see ``DuplicatePolicy``).
///
///     let diff = ListDiff(old: ["a", "b", "c", "d"], new: ["b", "a", "d", "e"])
///     // diff.deletes == [2]                 ("c" at old index 2)
///     // diff.inserts == [3]                 ("e" at new index 3)
///     // diff.moves   == [Move(from: 1, to: 0)] (one move suffices: "b" jumps before "a")
///
/// Every index is an *offset* from the start of its collection (0 for the first element),
/// whatever the collection's own index type is: old indices for `deletes`, `updates` and
/// `Move/from`; new indices for `inserts` and `Move/to`.
///
/// Duplicate identifiers never crash the diff; see ``DuplicatePolicy`` for how they pair.
///
/// To drive a table or collection view, turn the diff into index paths with
/// ``batchUpdate(oldSection:newSection:)``, which never puts an index path in two
/// conflicting operations.
public struct ListDiff: Equatable, Sendable {
  /// Old offsets of the items that are not in the new list, ascending.
  public let deletes: [Int]

  /// New offsets of the items that were not in the old list, ascending.
  public let inserts: [Int]

  /// Old offsets of the items matched by identity whose content changed, ascending.
  ///
  /// An updated item may also move; ``newIndex(for:)`` gives where it went.
  public let updates: [Int]

  /// The matched items that changed position relative to the others, ordered by `to`.
  ///
  /// The items that are not moved form a longest subsequence that kept its relative order in
  /// both lists, so no smaller set of moves can describe the change with the same pairing of
  /// items; with repeated identifiers, another pairing may need fewer.
  public let moves: [Move]

  /// For each old offset, the new offset of the same item, or -1 if it was deleted.
  @usableFromInline
  internal let _newIndexOfOld: [Int32]

  /// For each new offset, the old offset of the same item, or -1 if it was inserted.
  @usableFromInline
  internal let _oldIndexOfNew: [Int32]

  @inlinable
  internal init(
    deletes: [Int], inserts: [Int], updates: [Int], moves: [Move],
    newIndexOfOld: [Int32], oldIndexOfNew: [Int32]
  ) {
    self.deletes = deletes
    self.inserts = inserts
    self.updates = updates
    self.moves = moves
    self._newIndexOfOld = newIndexOfOld
    self._oldIndexOfNew = oldIndexOfNew
  }

  /// Whether the two lists differ in any way the diff reports.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var hasChanges: Bool { changeCount > 0 }

  /// The total number of deletes, inserts, updates and moves.
  ///
  /// An item that is both moved and updated counts twice.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var changeCount: Int { deletes.count + inserts.count + updates.count + moves.count }

  /// The number of items in the old list.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var oldCount: Int { _newIndexOfOld.count }

  /// The number of items in the new list.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var newCount: Int { _oldIndexOfNew.count }

  /// Returns the old offset of the item now at a new offset, or `nil` if it was inserted.
  ///
  ///     let diff = ListDiff(old: ["a", "b"], new: ["b", "c"])
  ///     diff.oldIndex(for: 0)  // 1 ("b")
  ///     diff.oldIndex(for: 1)  // nil ("c" was inserted)
  ///
  /// - Parameter newIndex: An offset in the new list, in `0..<newCount`.
  /// - Returns: The offset the same item had in the old list, or `nil` if it is new.
  /// - Complexity: O(1).
  @inlinable
  public func oldIndex(for newIndex: Int) -> Int? {
    precondition(
      newIndex >= 0 && newIndex < _oldIndexOfNew.count,
      "ListDiff.oldIndex(for:): new index \(newIndex) is out of range 0..<\(_oldIndexOfNew.count)")
    let old = _oldIndexOfNew[newIndex]
    return old < 0 ? nil : Int(old)
  }

  /// Returns the new offset of the item that was at an old offset, or `nil` if it was deleted.
  ///
  ///     let diff = ListDiff(old: ["a", "b"], new: ["b", "c"])
  ///     diff.newIndex(for: 0)  // nil ("a" was deleted)
  ///     diff.newIndex(for: 1)  // 0 ("b")
  ///
  /// - Parameter oldIndex: An offset in the old list, in `0..<oldCount`.
  /// - Returns: The offset the same item has in the new list, or `nil` if it is gone.
  /// - Complexity: O(1).
  @inlinable
  public func newIndex(for oldIndex: Int) -> Int? {
    precondition(
      oldIndex >= 0 && oldIndex < _newIndexOfOld.count,
      "ListDiff.newIndex(for:): old index \(oldIndex) is out of range 0..<\(_newIndexOfOld.count)")
    let new = _newIndexOfOld[oldIndex]
    return new < 0 ? nil : Int(new)
  }
}

extension ListDiff {
  /// A matched item that changed position: it was at `from` in the old list, is at `to` now.
  public struct Move: Hashable, Sendable, CustomStringConvertible {
    /// The item's offset in the old list.
    public var from: Int

    /// The item's offset in the new list.
    public var to: Int

    /// Creates a move from an old offset to a new offset.
    ///
    /// - Parameters:
    ///   - from: The item's offset in the old list.
    ///   - to: The item's offset in the new list.
    @inlinable
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }

    /// A compact form such as `3->1`.
    public var description: String { "\(from)->\(to)" }
  }

  /// How items whose identifier occurs more than once in a list are paired.
  ///
  /// Either way the result is deterministic, applying it to the old list reproduces the new
  /// one, and the diff stays linear even when every item shares one identifier.
  public enum DuplicatePolicy: Hashable, Sendable {
    /// Pair the occurrences of an identifier in order; the surplus on either side is deleted
    /// or inserted.
    ///
    /// First, items whose identifiers agree position by position at the start of both lists
    /// (the common prefix) and at their end (the common suffix) pair in place. The remaining
    /// occurrences of each identifier then pair in order: the first remaining old one with
    /// the first remaining new one, the second with the second, and so on.
    ///
    ///     ListDiff(old: ["x", "a", "x"], new: ["a", "x"])
    ///     // The last "x" pairs with the last "x" (common suffix): deletes [0], no move.
    ///
    /// This is the default: a list with duplicates still animates like one without.
    case pairInOrder

    /// Never pair an identifier that occurs more than once in either list: all its old
    /// occurrences are deleted and all its new ones inserted.
    ///
    /// Choose this when duplicates mean the identity is not trustworthy, so that no view is
    /// ever reused for the wrong item.
    case replaceAll
  }

  /// How a matched pair of class instances is judged updated.
  public enum UpdateDetection: Hashable, Sendable {
    /// Updated when `isContentEqual(to:)` returns `false` (IGListKit's *equality* option).
    case content

    /// Updated when the new element is a different instance than the old one, whatever its
    /// content (IGListKit's *pointer personality*); `isContentEqual(to:)` is not called.
    case instance
  }
}

extension ListDiff {
  /// Computes the difference between two collections of items matched by identity.
  ///
  ///     let diff = ListDiff(old: [1, 2, 3], new: [3, 1, 4])
  ///     // deletes [1], inserts [2], moves [2->0]
  ///
  /// - Parameters:
  ///   - old: The list as it was.
  ///   - new: The list as it is now.
  ///   - duplicates: How to pair items whose identifier occurs more than once.
  /// - Complexity: Expected O(*n* + *m*) time and memory, where *n* and *m* are the two
  ///   counts, plus O(*k* log *k*) for the *k* matched items that are out of order. Assumes
  ///   identifiers hash well: identifiers that are unequal but share a hash value cost time
  ///   (never a wrong pairing). Each list may hold at most 2^29 (536,870,912) items;
  ///   a larger one stops with a precondition failure.
  @inlinable
  public init<Old: Collection, New: Collection>(
    old: Old, new: New, duplicates: DuplicatePolicy = .pairInOrder
  ) where Old.Element: Diffable, Old.Element == New.Element {
    self = _withContiguousElements(old) { oldBuffer in
      _withContiguousElements(new) { newBuffer in
        ListDiff(
          _old: oldBuffer, new: newBuffer, duplicates: duplicates,
          updates: _ContentUpdateDetection())
      }
    }
  }

  /// Computes the difference between two collections of objects, detecting updates by content
  /// or by instance.
  ///
  /// With `.instance`, a matched pair counts as updated when the new object is not the same
  /// instance as the old one, as IGListKit's pointer-personality option does: useful for
  /// immutable model objects that are replaced, never mutated.
  ///
  ///     let diff = ListDiff(old: oldModels, new: newModels, detectingUpdatesBy: .instance)
  ///
  /// - Parameters:
  ///   - old: The list as it was.
  ///   - new: The list as it is now.
  ///   - updateDetection: How a matched pair is judged updated.
  ///   - duplicates: How to pair items whose identifier occurs more than once.
  /// - Complexity: Expected O(*n* + *m*) time and memory, as ``init(old:new:duplicates:)``.
  @inlinable
  public init<Old: Collection, New: Collection>(
    old: Old, new: New, detectingUpdatesBy updateDetection: UpdateDetection,
    duplicates: DuplicatePolicy = .pairInOrder
  ) where Old.Element: Diffable & AnyObject, Old.Element == New.Element {
    self = _withContiguousElements(old) { oldBuffer in
      _withContiguousElements(new) { newBuffer in
        switch updateDetection {
        case .content:
          return ListDiff(
            _old: oldBuffer, new: newBuffer, duplicates: duplicates,
            updates: _ContentUpdateDetection())
        case .instance:
          return ListDiff(
            _old: oldBuffer, new: newBuffer, duplicates: duplicates,
            updates: _InstanceUpdateDetection())
        }
      }
    }
  }
}

/// Calls `body` with the collection's elements in contiguous memory, copying only if needed.
@inlinable
internal func _withContiguousElements<C: Collection, Result>(
  _ collection: C, _ body: (UnsafeBufferPointer<C.Element>) -> Result
) -> Result {
  if let result = collection.withContiguousStorageIfAvailable(body) {
    return result
  }
  return ContiguousArray(collection).withUnsafeBufferPointer(body)
}

extension ListDiff: CustomStringConvertible {
  /// The changes in a compact form, such as
  /// `ListDiff(deletes: [2], inserts: [3], updates: [], moves: [1->0])`.
  public var description: String {
    "ListDiff(deletes: \(deletes), inserts: \(inserts), updates: \(updates), moves: \(moves))"
  }
}
