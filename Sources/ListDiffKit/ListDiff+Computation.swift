// The diff engine: items are paired by identity in linear time (`_pairLists`, with a
// Heckel-style symbol table: see `ListDiff+Pairing.swift`), then a patience-sorting longest
// increasing subsequence picks the fewest moves (`ListDiff+LongestIncreasingSubsequence.swift`).
//
// Memory is kept to a few `Int32` per item: the index maps, and the identifier table's 4-byte
// buckets; chains of duplicates live in the maps themselves (`ListDiff+PairingCodes.swift`).

extension ListDiff {
  /// Computes the diff of two buffers; `updates` decides which matched pairs are updated.
  @inlinable
  internal init<Element: Diffable, Updates: _UpdateDetector<Element>>(
    _old old: UnsafeBufferPointer<Element>,
    new: UnsafeBufferPointer<Element>,
    duplicates: DuplicatePolicy,
    updates detector: Updates
  ) {
    let oldCount = old.count
    let newCount = new.count
    precondition(
      oldCount <= _maximumListCount && newCount <= _maximumListCount,
      "ListDiff supports at most \(_maximumListCount) items per list")

    // The pairs are compared as they are found, while both items are in the cache, and
    // flagged in `newIndexOfOld` when updated; but the common prefix, paired in place, is
    // compared here in order.
    var pairing = _pairLists(old: old, new: new, duplicates: duplicates, updates: detector)
    let matchedCount = pairing.matchedCount
    let prefix = pairing.prefix
    let newMiddle = prefix..<(newCount &- pairing.suffix)
    var newIndexOfOld = pairing.newIndexOfOld
    pairing.newIndexOfOld = []
    let oldIndexOfNew = pairing.oldIndexOfNew

    // Deletes and updates, in old order; the update flags are cleared on the way.
    var deletes: [Int] = []
    deletes.reserveCapacity(oldCount &- matchedCount)
    var updates: [Int] = []
    for oldIndex in 0..<prefix where detector.isUpdated(old[oldIndex], new[oldIndex]) {
      updates.append(oldIndex)
    }
    newIndexOfOld.withUnsafeMutableBufferPointer { newIndexOfOld in
      for oldIndex in prefix..<oldCount {
        let code = newIndexOfOld[oldIndex]
        if code < 0 {
          deletes.append(oldIndex)
        } else if code & _updatedPairFlag != 0 {
          updates.append(oldIndex)
          newIndexOfOld[oldIndex] = code & ~_updatedPairFlag
        }
      }
    }

    // Inserts and moves, in new order. The common prefix and suffix never move: they extend
    // any increasing run of the middle at both ends.
    var inserts: [Int] = []
    inserts.reserveCapacity(newCount &- matchedCount)
    var moves: [Move] = []
    if !newMiddle.isEmpty {
      let (stays, staying) = oldIndexOfNew.withUnsafeBufferPointer {
        _markLongestIncreasingSubsequence(
          oldIndexOfNew: UnsafeBufferPointer(rebasing: $0[newMiddle]))
      }
      moves.reserveCapacity(matchedCount &- prefix &- pairing.suffix &- staying)
      stays.withUnsafeBufferPointer { stays in
        for newIndex in newMiddle {
          let oldIndex = Int(truncatingIfNeeded: oldIndexOfNew[newIndex])
          if oldIndex < 0 {
            inserts.append(newIndex)
          } else if !stays[newIndex &- prefix].staysInPlace {
            moves.append(Move(from: oldIndex, to: newIndex))
          }
        }
      }
    }

    self.init(
      deletes: deletes, inserts: inserts, updates: updates, moves: moves,
      newIndexOfOld: newIndexOfOld, oldIndexOfNew: oldIndexOfNew)
    #if DEBUG
      _checkInvariants()
    #endif
  }
}

/// Two lists paired by identity: each item's partner on the other side, or -1.
@usableFromInline
internal struct _Pairing {
  /// For each old offset, the new offset of the same item, or -1.
  @usableFromInline var newIndexOfOld: [Int32] = []
  /// For each new offset, the old offset of the same item, or -1.
  @usableFromInline var oldIndexOfNew: [Int32] = []
  /// The number of pairs.
  @usableFromInline var matchedCount = 0
  /// The length of the common prefix, paired in place without hashing.
  @usableFromInline var prefix = 0
  /// The length of the common suffix, paired in place without hashing.
  @usableFromInline var suffix = 0

  @inlinable
  init() {}
}

/// Set in a `newIndexOfOld` entry, while a diff is computed, when the pair is updated.
/// (A computed value: a global constant would be read through its lazy initializer.)
@inlinable @inline(__always)
internal var _updatedPairFlag: Int32 { 1 << 30 }

/// Decides whether a matched pair is updated; a generic parameter, so that each diff's
/// comparison is specialized where the pair is found.
@usableFromInline
internal protocol _UpdateDetector<Element> {
  associatedtype Element
  /// Whether the pair is updated.
  func isUpdated(_ old: Element, _ new: Element) -> Bool
}

/// Updated when `isContentEqual(to:)` returns `false`.
@usableFromInline
internal struct _ContentUpdateDetection<Element: Diffable>: _UpdateDetector {
  @inlinable init() {}
  @inlinable @inline(__always)
  func isUpdated(_ old: Element, _ new: Element) -> Bool { !old.isContentEqual(to: new) }
}

/// Updated when the new object is another instance.
@usableFromInline
internal struct _InstanceUpdateDetection<Element: AnyObject>: _UpdateDetector {
  @inlinable init() {}
  @inlinable @inline(__always)
  func isUpdated(_ old: Element, _ new: Element) -> Bool { old !== new }
}

/// Never updated: pairing alone, for a caller that compares the pairs itself.
@usableFromInline
internal struct _NoUpdateDetection<Element>: _UpdateDetector {
  @inlinable init() {}
  @inlinable @inline(__always)
  func isUpdated(_ old: Element, _ new: Element) -> Bool { false }
}

/// Pairs two lists by identity with the given duplicate policy.
///
/// Each pair but those of the common prefix (which the caller compares in order) is given to
/// `updates` as it is found, and the `newIndexOfOld` entry of
/// an updated pair carries ``_updatedPairFlag``, which the caller clears; with
/// `_NoUpdateDetection` the maps hold plain offsets.
@inlinable
internal func _pairLists<Element: Diffable, Updates: _UpdateDetector<Element>>(
  old: UnsafeBufferPointer<Element>,
  new: UnsafeBufferPointer<Element>,
  duplicates: ListDiff.DuplicatePolicy,
  updates detector: Updates
) -> _Pairing {
  let oldCount = old.count
  let newCount = new.count
  var newIndexOfOld = [Int32](repeating: -1, count: oldCount)
  var oldIndexOfNew = [Int32](repeating: -1, count: newCount)

  // Items whose identifiers agree position by position at the start and at the end of both
  // lists pair in place without hashing: for typical edits this skips most of the work. The
  // `.replaceAll` policy must see every occurrence of an identifier, so it skips this step.
  var prefix = 0
  var suffix = 0
  var matchedCount = 0
  newIndexOfOld.withUnsafeMutableBufferPointer { newIndexOfOld in
    oldIndexOfNew.withUnsafeMutableBufferPointer { oldIndexOfNew in
      if duplicates == .pairInOrder {
        let shorter = Swift.min(oldCount, newCount)
        while prefix < shorter && old[prefix].diffIdentifier == new[prefix].diffIdentifier {
          prefix &+= 1
        }
        for index in 0..<prefix {
          newIndexOfOld[index] = Int32(truncatingIfNeeded: index)
          oldIndexOfNew[index] = Int32(truncatingIfNeeded: index)
        }
        // The suffix pairs are compared for content as they are found, while both items are
        // in the cache, so that a long suffix is read once (the prefix pairs are compared by
        // the caller: a loop without stores compares identifiers faster, for lists that fit
        // in the cache).
        var oldIndex = oldCount &- 1
        var newIndex = newCount &- 1
        while oldIndex >= prefix && newIndex >= prefix
          && old[oldIndex].diffIdentifier == new[newIndex].diffIdentifier
        {
          let updated = detector.isUpdated(old[oldIndex], new[newIndex])
          newIndexOfOld[oldIndex] =
            Int32(truncatingIfNeeded: newIndex) | (updated ? _updatedPairFlag : 0)
          oldIndexOfNew[newIndex] = Int32(truncatingIfNeeded: oldIndex)
          oldIndex &-= 1
          newIndex &-= 1
        }
        suffix = oldCount &- 1 &- oldIndex
      }
      matchedCount = prefix &+ suffix
      let oldMiddle = prefix..<(oldCount &- suffix)
      let newMiddle = prefix..<(newCount &- suffix)
      if !oldMiddle.isEmpty && !newMiddle.isEmpty {
        matchedCount &+= _pairByIdentity(
          old: UnsafeBufferPointer(rebasing: old[oldMiddle]),
          new: UnsafeBufferPointer(rebasing: new[newMiddle]),
          duplicates: duplicates,
          newIndexOfOld: UnsafeMutableBufferPointer(rebasing: newIndexOfOld[oldMiddle]),
          oldIndexOfNew: UnsafeMutableBufferPointer(rebasing: oldIndexOfNew[newMiddle]),
          offset: prefix, updates: detector)
      }
    }
  }

  var pairing = _Pairing()
  pairing.matchedCount = matchedCount
  pairing.prefix = prefix
  pairing.suffix = suffix
  pairing.newIndexOfOld = newIndexOfOld
  pairing.oldIndexOfNew = oldIndexOfNew
  return pairing
}

extension ListDiff {
  /// Checks the diff's internal consistency; called after every diff in debug builds.
  @usableFromInline
  internal func _checkInvariants() {
    func isAscending(_ values: [Int]) -> Bool {
      zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
    }
    assert(isAscending(deletes) && isAscending(inserts) && isAscending(updates))
    assert(isAscending(moves.map(\.to)))
    assert(oldCount - deletes.count == newCount - inserts.count)
    for (oldIndex, newIndex) in _newIndexOfOld.enumerated() where newIndex >= 0 {
      assert(newIndex & _updatedPairFlag == 0)
      assert(_oldIndexOfNew[Int(newIndex)] == Int32(oldIndex))
    }
  }
}
