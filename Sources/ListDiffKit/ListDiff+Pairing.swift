// Pairing by identity: a Heckel-style symbol table pairs items in linear time, one function
// per duplicate policy.

/// Pairs old and new items by identifier, filling both index maps; returns the pair count.
///
/// On return `newIndexOfOld[i]` is the new offset of old item `i` or -1, and
/// `oldIndexOfNew[j]` the old offset of new item `j` or -1; both buffers may be slices of
/// longer lists that start `offset` items in, and the offsets written count from the lists'
/// starts. `oldIndexOfNew` must hold -1 everywhere on entry. A pair that `updates` finds
/// updated is flagged with ``_updatedPairFlag`` in `newIndexOfOld`.
@inlinable
internal func _pairByIdentity<Element: Diffable, Updates: _UpdateDetector<Element>>(
  old: UnsafeBufferPointer<Element>,
  new: UnsafeBufferPointer<Element>,
  duplicates: ListDiff.DuplicatePolicy,
  newIndexOfOld: UnsafeMutableBufferPointer<Int32>,
  oldIndexOfNew: UnsafeMutableBufferPointer<Int32>,
  offset: Int,
  updates detector: Updates
) -> Int {
  let table = _IdentifierTable(old: old)
  defer { table.deallocate() }
  return newIndexOfOld.withMemoryRebound(to: _OldItemState.self) { oldItems in
    oldIndexOfNew.withMemoryRebound(to: _NewItemState.self) { newItems in
      table.insertOldItems(oldItems)
      let pairing = _IdentityPairing(
        table: table, new: new, oldItems: oldItems, newItems: newItems, offset: offset,
        detector: detector)
      let matchedCount =
        switch duplicates {
        case .pairInOrder: pairing.pairInOrder()
        case .replaceAll: pairing.pairUniqueIdentifiers()
        }
      // Unpaired old items still hold chain links: mark them deleted.
      if matchedCount < old.count {
        for oldIndex in 0..<old.count where !oldItems[oldIndex].isPaired {
          oldItems[oldIndex] = .unique
        }
      }
      return matchedCount
    }
  }
}

/// The new items paired with the old items of a filled table, by one of the two policies.
@usableFromInline
internal struct _IdentityPairing<Element: Diffable, Updates: _UpdateDetector<Element>> {
  /// The table, filled with the old items.
  @usableFromInline let table: _IdentifierTable<Element>
  /// The new items.
  @usableFromInline let new: UnsafeBufferPointer<Element>
  /// The old items' states, as ``_IdentifierTable/insertOldItems(_:)`` left them.
  @usableFromInline let oldItems: UnsafeMutableBufferPointer<_OldItemState>
  /// The new items' states, all `unpaired` on entry.
  @usableFromInline let newItems: UnsafeMutableBufferPointer<_NewItemState>
  /// Where both lists start in the lists the offsets written count from.
  @usableFromInline let offset: Int
  /// Decides, as each pair is found, whether it is updated.
  @usableFromInline let detector: Updates

  @inlinable @inline(__always)
  init(
    table: _IdentifierTable<Element>, new: UnsafeBufferPointer<Element>,
    oldItems: UnsafeMutableBufferPointer<_OldItemState>,
    newItems: UnsafeMutableBufferPointer<_NewItemState>, offset: Int, detector: Updates
  ) {
    (self.table, self.new, self.oldItems, self.newItems) = (table, new, oldItems, newItems)
    (self.offset, self.detector) = (offset, detector)
  }

  /// Records a pair, in the offsets of the whole lists, flagging it if it is updated.
  @inlinable @inline(__always)
  func pair(old oldIndex: Int, new newIndex: Int) {
    var state = _OldItemState.paired(with: newIndex &+ offset)
    if detector.isUpdated(table.old[oldIndex], new[newIndex]) {
      state.rawValue |= _updatedPairFlag
    }
    oldItems[oldIndex] = state
    newItems[newIndex] = .paired(with: oldIndex &+ offset)
  }

  /// Pairs the occurrences of each identifier in order
  /// (``ListDiff/DuplicatePolicy/pairInOrder``) and returns the pair count.
  ///
  /// New items are taken in order, each paired with the next waiting old item of its
  /// identifier. As in Heckel's algorithm, a pair is first extended to its neighbours: when the
  /// old item after the last partner is unique in the old list and has the next new item's
  /// identifier, they pair without hashing (in-order pairing would pair them anyway), so an
  /// unchanged run costs one lookup. Hashes are computed a block at a time, only when needed.
  @inlinable
  func pairInOrder() -> Int {
    let old = table.old
    var matchedCount = 0
    var blockStart = 0
    var blockEnd = 0
    var previousPartner = -2
    var newIndex = 0
    while newIndex < new.count {
      let neighbour = previousPartner &+ 1
      if previousPartner >= 0 && neighbour < old.count && oldItems[neighbour] == .unique
        && old[neighbour].diffIdentifier == new[newIndex].diffIdentifier
      {
        pair(old: neighbour, new: newIndex)
        matchedCount &+= 1
        previousPartner = neighbour
        newIndex &+= 1
        continue
      }
      previousPartner = -2
      if newIndex >= blockEnd {
        blockStart = newIndex
        blockEnd = Swift.min(newIndex &+ _IdentifierTable<Element>.blockSize, new.count)
        table.computeHashes(blockStart..<blockEnd) { new[$0].diffIdentifier }
        table.touchHomeItems(blockEnd &- blockStart, oldItems)
      }
      let (bucket, found) = table.find(
        new[newIndex].diffIdentifier, hash: table.hash(at: newIndex &- blockStart))
      if found {
        // A representative already paired (by an earlier new item, or by a neighbour
        // extension) is the last of its identifier: nothing is left to pair with.
        let partner = table.oldIndex(bucket)
        let state = oldItems[partner]
        if !state.isPaired {
          if let next = state.nextOccurrence { table.setRepresentative(bucket, oldIndex: next) }
          pair(old: partner, new: newIndex)
          matchedCount &+= 1
          previousPartner = partner
        }
      }
      newIndex &+= 1
    }
    return matchedCount
  }

  /// Pairs only the identifiers that occur once in each list
  /// (``ListDiff/DuplicatePolicy/replaceAll``) and returns the pair count.
  ///
  /// A first pass notes, for each new item whose identifier the old list holds, the first old
  /// item of that identifier (its table representative), and counts the sightings in that old
  /// item's state: a `unique` one seen once is marked paired with the new item, seen again
  /// `lastOfSeveral`, which never pairs (old duplicates never pair either). A second pass
  /// pairs the items sighted once.
  @inlinable
  func pairUniqueIdentifiers() -> Int {
    for newIndex in 0..<new.count {
      let identifier = new[newIndex].diffIdentifier
      let (bucket, found) = table.find(identifier, hash: identifier.hashValue)
      guard found else { continue }
      let oldIndex = table.oldIndex(bucket)
      newItems[newIndex] = .sighting(of: oldIndex)
      let state = oldItems[oldIndex]
      if state == .unique {
        oldItems[oldIndex] = .paired(with: newIndex &+ offset)
      } else if state.isPaired {
        oldItems[oldIndex] = .lastOfSeveral
      }
    }
    var matchedCount = 0
    for newIndex in 0..<new.count {
      guard let oldIndex = newItems[newIndex].sightedOldItem else { continue }
      if oldItems[oldIndex].isPaired {
        pair(old: oldIndex, new: newIndex)
        matchedCount &+= 1
      } else {
        newItems[newIndex] = .unpaired
      }
    }
    return matchedCount
  }
}
