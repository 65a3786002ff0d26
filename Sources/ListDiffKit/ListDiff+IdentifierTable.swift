// The table that finds old items by identifier. An open-addressing table of `_Bucket`s (8 bytes
// per bucket, a power of two at least 1.5 times the old items) rather than a `Dictionary` keyed
// by the identifiers, which would copy every identifier. A bucket stores a tag of the hash and
// one old offset holding its identifier (compared with `==` on every hit, so colliding hashes
// never pair items): the old item of that identifier that pairs next. The chain of old offsets
// that share an identifier lives in the `newIndexOfOld` map itself (see `_OldItemState`), so
// the bucket needs nothing more.

/// One slot of the identifier table.
@usableFromInline
internal struct _Bucket {
  /// The high bits of the identifier's hash value, to skip most unequal identifiers cheaply.
  @usableFromInline var tag: UInt32
  /// The offset, plus one, of an old item whose identifier lives in this bucket; 0 marks an
  /// empty bucket.
  ///
  /// While the old items are entered it is the head of their chain; while pairing in order,
  /// the one that pairs next, and once every one has paired, the last, whose state then says
  /// so (`isPaired`).
  @usableFromInline var representative: Int32

  @inlinable
  init(tag: UInt32, representative: Int32) {
    (self.tag, self.representative) = (tag, representative)
  }

  /// The old offset of the representative; the bucket must not be empty.
  @inlinable @inline(__always)
  var oldIndex: Int { Int(truncatingIfNeeded: representative) &- 1 }
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
    buckets = .allocate(capacity: bucketCount)
    buckets.initialize(repeating: _Bucket(tag: 0, representative: 0))
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

  /// The tag of a hash value: its high bits.
  @inlinable @inline(__always)
  static func tag(_ hash: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: UInt(bitPattern: hash) &>> 32)
  }

  /// Returns the bucket holding `identifier`, or the empty bucket where it belongs.
  @inlinable @inline(__always)
  func find(_ identifier: Element.DiffIdentifier, hash: Int) -> (bucket: Int, found: Bool) {
    let tag = Self.tag(hash)
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
      touched |= buckets[hashes[position] & mask].tag
    }
    // Keeps the reads from being optimized away.
    hashes[Self.blockSize] = Int(touched)
  }

  /// Touches the old item held by the home bucket of each hash of the last block, and its
  /// state, so that the cache misses of the block's identifier comparisons overlap too.
  @inlinable @inline(__always)
  func touchHomeItems(_ count: Int, _ oldItems: UnsafeMutableBufferPointer<_OldItemState>) {
    guard MemoryLayout<Element>.size > 0, let base = old.baseAddress else { return }
    var touched: UInt8 = 0
    for position in 0..<count {
      let representative = Int(truncatingIfNeeded: buckets[hashes[position] & mask].representative)
      if representative == 0 { continue }
      touched |= UnsafeRawPointer(base + (representative &- 1)).load(as: UInt8.self)
      touched |= UInt8(truncatingIfNeeded: oldItems[representative &- 1].rawValue)
    }
    hashes[Self.blockSize] &+= Int(touched)
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
        let representative = Int32(truncatingIfNeeded: oldIndex &+ 1)
        if found {
          let head = buckets[bucket].oldIndex
          if oldItems[head] == .unique { oldItems[head] = .lastOfSeveral }
          oldItems[oldIndex] = .followed(by: head)
          buckets[bucket].representative = representative
        } else {
          buckets[bucket] = _Bucket(tag: Self.tag(hash), representative: representative)
          oldItems[oldIndex] = .unique
        }
      }
      blockEnd = blockStart
    }
  }
}
