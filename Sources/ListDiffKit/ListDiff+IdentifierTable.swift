// The table that finds old items by identifier. An open-addressing table of `_Bucket`s (4 bytes
// per bucket, a power of two at least 1.5 times the old items) rather than a `Dictionary` keyed
// by the identifiers, which would copy every identifier. A bucket packs, in its low bits, the
// offset plus one of an old item holding its identifier (compared with `==` on every hit, so
// colliding hashes never pair items): the old item of that identifier that pairs next. The
// bits those offsets do not need hold a tag of the hash: for 1M old items 20 bits of offset and
// 12 of tag, in half the memory that separate 32-bit fields would take. The chain of old
// offsets that share an identifier lives in the `newIndexOfOld` map itself (see
// `_OldItemState`), so the bucket needs nothing more.

/// One slot of the identifier table: a tag of the hash in the high bits, the offset plus one of
/// an old item in the low bits (how many is the table's ``_IdentifierTable/representativeMask``).
@usableFromInline
internal struct _Bucket {
  /// The tag and the representative, packed; 0 is an empty bucket.
  @usableFromInline var rawValue: UInt32

  @inlinable @inline(__always)
  init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// An open-addressing table of the old items' identifiers, with the scratch space to hash the
/// items a block at a time; the caller deallocates it.
@usableFromInline
internal struct _IdentifierTable<Element: Diffable> {
  /// The old items.
  @usableFromInline let old: UnsafeBufferPointer<Element>
  /// The buckets, a power of two of them.
  @usableFromInline let buckets: UnsafeMutableBufferPointer<_Bucket>
  /// The bucket count minus one.
  @usableFromInline let mask: Int
  /// The low bits of a bucket, which hold its representative.
  ///
  /// The representative is the offset, plus one, of an old item whose identifier lives in the
  /// bucket, 0 in an empty one: enough bits for `old.count`; the bits above hold the tag.
  ///
  /// While the old items are entered the representative is the head of their chain; while
  /// pairing in order, the one that pairs next, and once every one has paired, the last, whose
  /// state then says so (`isPaired`).
  @usableFromInline let representativeMask: UInt32
  /// The hash values of the current block, and one more slot that keeps their reads alive.
  @usableFromInline let hashes: UnsafeMutablePointer<Int>

  /// How many items are hashed together, so that the cache misses of a block overlap instead
  /// of stalling the probes one after another.
  @inlinable
  static var blockSize: Int { 64 }

  /// Allocates an empty table sized for `old`.
  @inlinable
  init(old: UnsafeBufferPointer<Element>) {
    self.old = old
    let bucketCount = Self.bucketCount(for: old.count)
    mask = bucketCount &- 1
    representativeMask = Self.representativeMask(for: old.count)
    buckets = .allocate(capacity: bucketCount)
    buckets.initialize(repeating: _Bucket(rawValue: 0))
    hashes = .allocate(capacity: Self.blockSize &+ 1)
  }

  /// Frees the table's memory.
  @inlinable
  func deallocate() {
    hashes.deallocate()
    buckets.deallocate()
  }

  /// The number of buckets for `count` old items: a power of two, at least 1.5 times `count`,
  /// so that linear probing stays short.
  @inlinable
  static func bucketCount(for count: Int) -> Int {
    var buckets = 8
    while buckets < count &+ count &>> 1 { buckets &<<= 1 }
    return buckets
  }

  /// The bits of a bucket that hold the representative in a table of `count` old items.
  ///
  /// The fewest low bits that hold `count`: at most `_maximumListCount` (2^29) items, so at
  /// least two bits are left for the tag.
  @inlinable
  static func representativeMask(for count: Int) -> UInt32 {
    let bits = UInt32.bitWidth &- UInt32(truncatingIfNeeded: count).leadingZeroBitCount
    return UInt32(truncatingIfNeeded: (1 &<< bits) &- 1)
  }

  /// The tag of a hash value: its high bits, where a bucket keeps them (the bucket's index comes
  /// from the low bits).
  @inlinable @inline(__always)
  func tag(_ hash: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: UInt(bitPattern: hash) &>> 32) & ~representativeMask
  }

  /// The representative of a bucket: the offset, plus one, of an old item; 0 if it is empty.
  @inlinable @inline(__always)
  func representative(_ bucket: Int) -> Int {
    Int(truncatingIfNeeded: buckets[bucket].rawValue & representativeMask)
  }

  /// The old offset of a bucket's representative; the bucket must not be empty.
  @inlinable @inline(__always)
  func oldIndex(_ bucket: Int) -> Int { representative(bucket) &- 1 }

  /// Makes the old item at `oldIndex` the representative of a bucket that holds its
  /// identifier, keeping the bucket's tag; `oldIndex` is less than `old.count`.
  @inlinable @inline(__always)
  func setRepresentative(_ bucket: Int, oldIndex: Int) {
    buckets[bucket].rawValue =
      buckets[bucket].rawValue & ~representativeMask | UInt32(truncatingIfNeeded: oldIndex &+ 1)
  }

  /// Returns the bucket holding `identifier`, or the empty bucket where it belongs.
  @inlinable @inline(__always)
  func find(_ identifier: Element.DiffIdentifier, hash: Int) -> (bucket: Int, found: Bool) {
    let tag = tag(hash)
    var bucket = hash & mask
    while true {
      let rawValue = buckets[bucket].rawValue
      let representative = Int(truncatingIfNeeded: rawValue & representativeMask)
      if representative == 0 { return (bucket, false) }
      if rawValue & ~representativeMask == tag
        && old[representative &- 1].diffIdentifier == identifier
      {
        return (bucket, true)
      }
      bucket = (bucket &+ 1) & mask
    }
  }

  /// Hashes the identifiers of a block of at most ``blockSize`` items into the scratch space,
  /// then touches each hash's bucket; read them back with ``hash(at:)``.
  ///
  /// The buckets are touched in a loop of their own, after the hashing: its loads do not wait
  /// for one another, so the block's cache misses overlap instead of stalling one at a time.
  @inlinable @inline(__always)
  func computeHashes(
    _ block: Range<Int>, _ identifier: (Int) -> Element.DiffIdentifier
  ) {
    for index in block {
      hashes[index &- block.lowerBound] = identifier(index).hashValue
    }
    var touched: UInt32 = 0
    for position in 0..<block.count {
      touched |= buckets[hashes[position] & mask].rawValue
    }
    // Keeps the reads from being optimized away.
    hashes[Self.blockSize] = Int(truncatingIfNeeded: touched)
  }

  /// Touches the old item held by the home bucket of each hash of the last block, and its
  /// state, so that the cache misses of the block's identifier comparisons overlap too.
  @inlinable @inline(__always)
  func touchHomeItems(_ count: Int, _ oldItems: UnsafeMutableBufferPointer<_OldItemState>) {
    guard MemoryLayout<Element>.size > 0, let base = old.baseAddress else { return }
    var touched: UInt8 = 0
    for position in 0..<count {
      let representative = representative(hashes[position] & mask)
      if representative == 0 { continue }
      touched |= UnsafeRawPointer(base + (representative &- 1)).load(as: UInt8.self)
      touched |= UInt8(truncatingIfNeeded: oldItems[representative &- 1].rawValue)
    }
    hashes[Self.blockSize] &+= Int(truncatingIfNeeded: touched)
  }

  /// The hash computed for the item at `position` in the last block.
  @inlinable @inline(__always)
  func hash(at position: Int) -> Int { hashes[position] }

  /// Enters every old item, last to first, each at the front of its identifier's chain so that
  /// every chain ends up in ascending order; each bucket's representative is left on the
  /// chain's head.
  ///
  /// - Parameter oldItems: The old items' states, written as ``_OldItemState/unique``,
  ///   ``_OldItemState/lastOfSeveral`` or ``_OldItemState/followed(by:)``.
  @inlinable @inline(__always)
  func insertOldItems(_ oldItems: UnsafeMutableBufferPointer<_OldItemState>) {
    var blockEnd = old.count
    while blockEnd > 0 {
      let blockStart = Swift.max(blockEnd &- Self.blockSize, 0)
      computeHashes(blockStart..<blockEnd) { old[$0].diffIdentifier }
      var oldIndex = blockEnd
      while oldIndex > blockStart {
        oldIndex &-= 1
        let hash = hash(at: oldIndex &- blockStart)
        let (bucket, found) = find(old[oldIndex].diffIdentifier, hash: hash)
        if found {
          let head = self.oldIndex(bucket)
          if oldItems[head] == .unique { oldItems[head] = .lastOfSeveral }
          oldItems[oldIndex] = .followed(by: head)
          setRepresentative(bucket, oldIndex: oldIndex)
        } else {
          buckets[bucket].rawValue = tag(hash) | UInt32(truncatingIfNeeded: oldIndex &+ 1)
          oldItems[oldIndex] = .unique
        }
      }
      blockEnd = blockStart
    }
  }
}
