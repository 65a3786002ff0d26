// The diff engine: a Heckel-style symbol table pairs items by identity in linear time, then a
// patience-sorting longest increasing subsequence picks the fewest moves.
//
// Memory is kept to a few `Int32` per item: an open-addressing table of `_Bucket`s (12 bytes
// per bucket, a power of two at least 1.5 times the old items that need hashing) instead of a
// `Dictionary` keyed by the identifiers, which would copy every identifier. A bucket stores one old offset holding its
// identifier (compared with `==` on every hit, so colliding hashes never pair items) and a
// cursor into the chain of old offsets that share it. The chain links live in the
// `newIndexOfOld` array itself until the items are matched (`-2 - next` links to `next`,
// `_endOfChain` ends a chain of duplicates, -1 marks an identifier that occurs once), so
// duplicates cost no extra memory.

/// One slot of the identifier table.
@usableFromInline
internal struct _Bucket {
  /// The high bits of the identifier's hash value, to skip most unequal identifiers cheaply.
  @usableFromInline var tag: UInt32
  /// One old offset whose identifier lives in this bucket, plus one; 0 marks an empty bucket.
  @usableFromInline var representative: Int32
  /// The next old offset with this identifier still waiting for a partner, or -1 when none
  /// is left; with `DuplicatePolicy.replaceAll`, the markers described in `_pairByIdentity`.
  @usableFromInline var cursor: Int32

  @inlinable
  init(tag: UInt32, representative: Int32, cursor: Int32) {
    self.tag = tag
    self.representative = representative
    self.cursor = cursor
  }
}

/// The largest list a diff accepts (2^29 items), so that every offset and bucket number,
/// and the negative markers derived from them, fit in an `Int32`.
@usableFromInline
internal let _maximumListCount = 1 << 29

/// The cursor of an identifier that must stay unpaired (`DuplicatePolicy.replaceAll`).
@usableFromInline
internal let _neverPair: Int32 = .min

/// The link of the last old item in a chain of two or more with one identifier; -1 marks an
/// identifier that occurs once (so an unpaired old item holding -1 is unique).
@usableFromInline
internal let _endOfChain: Int32 = .min

/// The mark of a new offset whose item belongs to the longest increasing subsequence.
@usableFromInline
internal let _staysInPlace: Int32 = .min

extension ListDiff {
  /// Computes the diff of two buffers; `isContentEqual` decides updates of matched pairs.
  @inlinable
  internal init<Element: Diffable>(
    _old old: UnsafeBufferPointer<Element>,
    new: UnsafeBufferPointer<Element>,
    duplicates: DuplicatePolicy,
    isContentEqual: (Element, Element) -> Bool
  ) {
    let oldCount = old.count
    let newCount = new.count
    precondition(
      oldCount <= _maximumListCount && newCount <= _maximumListCount,
      "ListDiff supports at most \(_maximumListCount) items per list")

    let pairing = _pairLists(old: old, new: new, duplicates: duplicates)
    let matchedCount = pairing.matchedCount
    let prefix = pairing.prefix
    let newMiddle = prefix..<(newCount &- pairing.suffix)
    let newIndexOfOld = pairing.newIndexOfOld
    let oldIndexOfNew = pairing.oldIndexOfNew

    // Deletes and updates, in old order.
    var deletes: [Int] = []
    deletes.reserveCapacity(oldCount &- matchedCount)
    var updates: [Int] = []
    for oldIndex in 0..<oldCount {
      let newIndex = Int(truncatingIfNeeded: newIndexOfOld[oldIndex])
      if newIndex < 0 {
        deletes.append(oldIndex)
      } else if !isContentEqual(old[oldIndex], new[newIndex]) {
        updates.append(oldIndex)
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
          } else if stays[newIndex &- prefix] != _staysInPlace {
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

/// Pairs two lists by identity with the given duplicate policy.
@inlinable
internal func _pairLists<Element: Diffable>(
  old: UnsafeBufferPointer<Element>,
  new: UnsafeBufferPointer<Element>,
  duplicates: ListDiff.DuplicatePolicy
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
  if duplicates == .pairInOrder {
    let shorter = Swift.min(oldCount, newCount)
    while prefix < shorter && old[prefix].diffIdentifier == new[prefix].diffIdentifier {
      prefix &+= 1
    }
    while suffix < shorter &- prefix
      && old[oldCount &- 1 &- suffix].diffIdentifier
        == new[newCount &- 1 &- suffix].diffIdentifier
    {
      suffix &+= 1
    }
  }
  let oldMiddle = prefix..<(oldCount &- suffix)
  let newMiddle = prefix..<(newCount &- suffix)
  var matchedCount = prefix &+ suffix
  newIndexOfOld.withUnsafeMutableBufferPointer { newIndexOfOld in
    oldIndexOfNew.withUnsafeMutableBufferPointer { oldIndexOfNew in
      for index in 0..<prefix {
        newIndexOfOld[index] = Int32(truncatingIfNeeded: index)
        oldIndexOfNew[index] = Int32(truncatingIfNeeded: index)
      }
      for distance in 1..<(suffix &+ 1) {
        newIndexOfOld[oldCount &- distance] = Int32(truncatingIfNeeded: newCount &- distance)
        oldIndexOfNew[newCount &- distance] = Int32(truncatingIfNeeded: oldCount &- distance)
      }
      if !oldMiddle.isEmpty && !newMiddle.isEmpty {
        matchedCount &+= _pairByIdentity(
          old: UnsafeBufferPointer(rebasing: old[oldMiddle]),
          new: UnsafeBufferPointer(rebasing: new[newMiddle]),
          duplicates: duplicates,
          newIndexOfOld: UnsafeMutableBufferPointer(rebasing: newIndexOfOld[oldMiddle]),
          oldIndexOfNew: UnsafeMutableBufferPointer(rebasing: oldIndexOfNew[newMiddle]),
          offset: prefix)
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

/// The number of table buckets for `count` old items: a power of two, at least 1.5 times
/// `count`, so that linear probing stays short.
@inlinable
internal func _bucketCount(for count: Int) -> Int {
  var buckets = 8
  while buckets < count &+ count &>> 1 { buckets &<<= 1 }
  return buckets
}

/// Pairs old and new items by identifier, filling both index maps; returns the pair count.
///
/// On return `newIndexOfOld[i]` is the new offset of old item `i` or -1, and
/// `oldIndexOfNew[j]` the old offset of new item `j` or -1; both buffers may be slices of
/// longer lists that start `offset` items in, and the offsets written count from the lists'
/// starts.
@inlinable
internal func _pairByIdentity<Element: Diffable>(
  old: UnsafeBufferPointer<Element>,
  new: UnsafeBufferPointer<Element>,
  duplicates: ListDiff.DuplicatePolicy,
  newIndexOfOld: UnsafeMutableBufferPointer<Int32>,
  oldIndexOfNew: UnsafeMutableBufferPointer<Int32>,
  offset: Int
) -> Int {
  let bucketCount = _bucketCount(for: old.count)
  let mask = bucketCount &- 1
  let buckets = UnsafeMutableBufferPointer<_Bucket>.allocate(capacity: bucketCount)
  buckets.initialize(repeating: _Bucket(tag: 0, representative: 0, cursor: -1))
  defer { buckets.deallocate() }

  /// Returns the bucket holding `identifier`, or the empty bucket where it belongs.
  @inline(__always)
  func findBucket(_ identifier: Element.DiffIdentifier, hash: Int) -> (bucket: Int, found: Bool) {
    let tag = UInt32(truncatingIfNeeded: UInt(bitPattern: hash) &>> 32)
    var bucket = hash & mask
    while true {
      let representative = Int(truncatingIfNeeded: buckets[bucket].representative)
      if representative == 0 { return (bucket, false) }
      if buckets[bucket].tag == tag && old[representative &- 1].diffIdentifier == identifier {
        return (bucket, true)
      }
      bucket = (bucket &+ 1) & mask
    }
  }

  // Items are hashed a block at a time, and each hash's bucket is read right away, so that
  // the cache misses of a block overlap instead of stalling the probes one after another.
  let blockSize = 32
  let hashes = UnsafeMutablePointer<Int>.allocate(capacity: blockSize &+ 1)
  defer { hashes.deallocate() }
  @inline(__always)
  func computeHashes(
    _ block: Range<Int>, _ identifier: (Int) -> Element.DiffIdentifier
  ) {
    var touched: UInt32 = 0
    for index in block {
      let hash = identifier(index).hashValue
      hashes[index &- block.lowerBound] = hash
      touched |= buckets[hash & mask].tag
    }
    // Keeps the reads from being optimized away.
    hashes[blockSize] = Int(touched)
  }

  // Old items, last to first, each pushed onto the front of its identifier's chain, so that
  // every chain ends up in ascending order.
  var blockEnd = old.count
  while blockEnd > 0 {
    let blockStart = Swift.max(blockEnd &- blockSize, 0)
    computeHashes(blockStart..<blockEnd) { old[$0].diffIdentifier }
    var oldIndex = blockEnd
    while oldIndex > blockStart {
      oldIndex &-= 1
      let identifier = old[oldIndex].diffIdentifier
      let hash = hashes[oldIndex &- blockStart]
      let (bucket, found) = findBucket(identifier, hash: hash)
      if found {
        let head = Int(truncatingIfNeeded: buckets[bucket].cursor)
        if newIndexOfOld[head] == -1 { newIndexOfOld[head] = _endOfChain }
        newIndexOfOld[oldIndex] = -2 &- Int32(truncatingIfNeeded: head)
      } else {
        buckets[bucket] = _Bucket(
          tag: UInt32(truncatingIfNeeded: UInt(bitPattern: hash) &>> 32),
          representative: Int32(truncatingIfNeeded: oldIndex &+ 1), cursor: -1)
        newIndexOfOld[oldIndex] = -1
      }
      buckets[bucket].cursor = Int32(truncatingIfNeeded: oldIndex)
    }
    blockEnd = blockStart
  }

  var matchedCount = 0
  switch duplicates {
  case .pairInOrder:
    // New items in order, each paired with the next waiting old item of its identifier. As
    // in Heckel's algorithm, a pair is first extended to its neighbours: when the old item
    // after the last partner is unique in the old list and has the next new item's
    // identifier, they pair without hashing (in-order pairing would pair them anyway), so an
    // unchanged run costs one lookup. Hashes are computed a block at a time, only when needed.
    var blockStart = 0
    var blockEnd = 0
    var previousPartner = -2
    var newIndex = 0
    while newIndex < new.count {
      let neighbour = previousPartner &+ 1
      if previousPartner >= 0 && neighbour < old.count && newIndexOfOld[neighbour] == -1
        && old[neighbour].diffIdentifier == new[newIndex].diffIdentifier
      {
        newIndexOfOld[neighbour] = Int32(truncatingIfNeeded: newIndex &+ offset)
        oldIndexOfNew[newIndex] = Int32(truncatingIfNeeded: neighbour &+ offset)
        matchedCount &+= 1
        previousPartner = neighbour
        newIndex &+= 1
        continue
      }
      previousPartner = -2
      if newIndex >= blockEnd {
        blockStart = newIndex
        blockEnd = Swift.min(newIndex &+ blockSize, new.count)
        computeHashes(blockStart..<blockEnd) { new[$0].diffIdentifier }
      }
      let identifier = new[newIndex].diffIdentifier
      let (bucket, found) = findBucket(identifier, hash: hashes[newIndex &- blockStart])
      let partner = found ? Int(truncatingIfNeeded: buckets[bucket].cursor) : -1
      if partner >= 0 {
        let link = newIndexOfOld[partner]
        if link >= 0 {
          // Taken by a neighbour extension: the identifier is unique, nothing is left.
          buckets[bucket].cursor = -1
        } else {
          buckets[bucket].cursor = link == -1 || link == _endOfChain ? -1 : -2 &- link
          newIndexOfOld[partner] = Int32(truncatingIfNeeded: newIndex &+ offset)
          oldIndexOfNew[newIndex] = Int32(truncatingIfNeeded: partner &+ offset)
          matchedCount &+= 1
          previousPartner = partner
        }
      }
      newIndex &+= 1
    }

  case .replaceAll:
    // First pass: note each new item's bucket and whether its identifier is unique on both
    // sides. A cursor `c >= 0` means "not seen in the new list yet", `-2 - c` "seen once",
    // `_neverPair` "duplicated somewhere".
    for newIndex in 0..<new.count {
      let identifier = new[newIndex].diffIdentifier
      let (bucket, found) = findBucket(identifier, hash: identifier.hashValue)
      guard found else { continue }
      oldIndexOfNew[newIndex] = -2 &- Int32(truncatingIfNeeded: bucket)
      let cursor = buckets[bucket].cursor
      if cursor >= 0 {
        let uniqueInOld = newIndexOfOld[Int(truncatingIfNeeded: cursor)] == -1
        buckets[bucket].cursor = uniqueInOld ? -2 &- cursor : _neverPair
      } else {
        buckets[bucket].cursor = _neverPair
      }
    }
    // Second pass: pair the identifiers seen exactly once on each side.
    for newIndex in 0..<new.count {
      let mark = oldIndexOfNew[newIndex]
      guard mark <= -2 else { continue }
      let cursor = buckets[Int(truncatingIfNeeded: -2 &- mark)].cursor
      if cursor != _neverPair && cursor <= -2 {
        let partner = Int(truncatingIfNeeded: -2 &- cursor)
        newIndexOfOld[partner] = Int32(truncatingIfNeeded: newIndex &+ offset)
        oldIndexOfNew[newIndex] = Int32(truncatingIfNeeded: partner &+ offset)
        matchedCount &+= 1
      } else {
        oldIndexOfNew[newIndex] = -1
      }
    }
  }

  // Unpaired old items still hold chain links: mark them deleted.
  if matchedCount < old.count {
    for oldIndex in 0..<old.count where newIndexOfOld[oldIndex] < 0 {
      newIndexOfOld[oldIndex] = -1
    }
  }
  return matchedCount
}

/// Finds a longest increasing subsequence of the matched old offsets taken in new order.
///
/// Patience sorting with predecessor links, O(*k* log *k*) for *k* matched items (O(*k*) when
/// they are already in order). Returns an array indexed by new offset in which the members of
/// the subsequence hold `_staysInPlace`, and the subsequence's length.
@inlinable
internal func _markLongestIncreasingSubsequence(
  oldIndexOfNew: UnsafeBufferPointer<Int32>
) -> (marks: [Int32], length: Int) {
  let count = oldIndexOfNew.count
  var predecessor = [Int32](repeating: -1, count: count)
  // tails[l] is the new offset ending the best increasing run of length l + 1 found so far,
  // and tailValues[l] its old offset: the binary search reads only this small, dense array.
  var tails: [Int32] = []
  var tailValues: [Int32] = []
  predecessor.withUnsafeMutableBufferPointer { predecessor in
    for newIndex in 0..<count {
      let value = oldIndexOfNew[newIndex]
      if value < 0 { continue }
      // Fast path: most items extend the longest run.
      if let last = tailValues.last {
        if last < value {
          predecessor[newIndex] = tails[tails.count &- 1]
          tails.append(Int32(truncatingIfNeeded: newIndex))
          tailValues.append(value)
          continue
        }
      } else {
        tails.append(Int32(truncatingIfNeeded: newIndex))
        tailValues.append(value)
        continue
      }
      // Binary search for the first tail whose value exceeds `value` (values are distinct),
      // written without branches: in a shuffled list the comparisons are unpredictable.
      var low = 0
      var length = tailValues.count
      while length > 1 {
        let half = length &>> 1
        low = tailValues[low &+ half] < value ? low &+ half : low
        length &-= half
      }
      low &+= tailValues[low] < value ? 1 : 0
      if low > 0 { predecessor[newIndex] = tails[low &- 1] }
      tails[low] = Int32(truncatingIfNeeded: newIndex)
      tailValues[low] = value
    }
    // Walk back from the end of the longest run, marking its members.
    var member = Int(truncatingIfNeeded: tails.last ?? -1)
    while member >= 0 {
      let previous = Int(truncatingIfNeeded: predecessor[member])
      predecessor[member] = _staysInPlace
      member = previous
    }
  }
  return (predecessor, tails.count)
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
      assert(_oldIndexOfNew[Int(newIndex)] == Int32(oldIndex))
    }
  }
}
