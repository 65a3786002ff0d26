// The codes that pairing keeps in 32 bits, inside the index maps and the identifier table, so
// that chains of duplicates and the `.replaceAll` bookkeeping cost no memory of their own.
//
// Every code follows one scheme: a value `>= 0` is an offset, -1 means "none", `-2 - x` encodes
// another offset or a bucket `x`, and `Int32.min` is a state of its own. One wrapper type per
// role names that role's codes, so that the `Int32.min` of one role can never be read as
// another's; each is a single `Int32` stored in place (the maps are rebound to it, which
// costs nothing), with every member inlined.

/// The largest list a diff accepts (2^29 items), so that every offset and bucket number,
/// and the negative codes derived from them, fit in an `Int32`.
@usableFromInline
internal let _maximumListCount = 1 << 29

/// An old item's entry in `newIndexOfOld` while two lists are paired: its partner, or where
/// the next occurrence of its identifier waits.
///
/// Old items with one identifier form a chain in ascending order, linked through these entries;
/// pairing replaces a link with the partner's offset. Unpaired entries end as ``unique``.
@usableFromInline
@frozen
internal struct _OldItemState: Equatable {
  @usableFromInline
  internal var rawValue: Int32

  @inlinable @inline(__always)
  internal init(rawValue: Int32) { self.rawValue = rawValue }

  /// Not paired, and the only old item with its identifier; also every unpaired item's final
  /// state, -1, which is "no partner" in the finished maps.
  @inlinable @inline(__always)
  internal static var unique: Self { Self(rawValue: -1) }

  /// Not paired, the last of two or more old items with its identifier.
  @inlinable @inline(__always)
  internal static var lastOfSeveral: Self { Self(rawValue: .min) }

  /// Not paired, followed by another old item with its identifier at offset `next`.
  @inlinable @inline(__always)
  internal static func followed(by next: Int) -> Self {
    Self(rawValue: -2 &- Int32(truncatingIfNeeded: next))
  }

  /// Paired with the new item at offset `newIndex` (counted from the start of the new list).
  @inlinable @inline(__always)
  internal static func paired(with newIndex: Int) -> Self {
    Self(rawValue: Int32(truncatingIfNeeded: newIndex))
  }

  /// Whether the item has a partner.
  @inlinable @inline(__always)
  internal var isPaired: Bool { rawValue >= 0 }

  /// The offset of the next old item with the same identifier, or `nil` if there is none (or
  /// the item is paired).
  @inlinable @inline(__always)
  internal var nextOccurrence: Int? {
    rawValue <= -2 && rawValue != Int32.min ? Int(truncatingIfNeeded: -2 &- rawValue) : nil
  }
}

/// A new item's entry in `oldIndexOfNew` while two lists are paired with
/// ``ListDiff/DuplicatePolicy/replaceAll``: its partner, or the table bucket of its identifier.
@usableFromInline
@frozen
internal struct _NewItemState: Equatable {
  @usableFromInline
  internal var rawValue: Int32

  @inlinable @inline(__always)
  internal init(rawValue: Int32) { self.rawValue = rawValue }

  /// Not paired: its identifier is not in the old list, or may not pair; -1, "no partner" in
  /// the finished maps.
  @inlinable @inline(__always)
  internal static var unpaired: Self { Self(rawValue: -1) }

  /// Not paired yet; its identifier is in the old list, in table bucket `bucket`.
  @inlinable @inline(__always)
  internal static func inBucket(_ bucket: Int) -> Self {
    Self(rawValue: -2 &- Int32(truncatingIfNeeded: bucket))
  }

  /// Paired with the old item at offset `oldIndex` (counted from the start of the old list).
  @inlinable @inline(__always)
  internal static func paired(with oldIndex: Int) -> Self {
    Self(rawValue: Int32(truncatingIfNeeded: oldIndex))
  }

  /// The bucket of an item waiting to pair, or `nil`.
  @inlinable @inline(__always)
  internal var bucket: Int? { rawValue <= -2 ? Int(truncatingIfNeeded: -2 &- rawValue) : nil }
}

/// A table bucket's cursor: which old item with the bucket's identifier pairs next.
///
/// With ``ListDiff/DuplicatePolicy/pairInOrder`` a cursor is ``waiting(_:)`` or ``exhausted``.
/// With ``ListDiff/DuplicatePolicy/replaceAll``, a first pass over the new list turns
/// `waiting` (not seen in the new list yet) into ``seenOnce(partner:)`` or ``neverPair``.
@usableFromInline
@frozen
internal struct _Cursor: Equatable {
  @usableFromInline
  internal var rawValue: Int32

  @inlinable @inline(__always)
  internal init(rawValue: Int32) { self.rawValue = rawValue }

  /// No old item with this identifier is left to pair; also the cursor of an empty bucket.
  @inlinable @inline(__always)
  internal static var exhausted: Self { Self(rawValue: -1) }

  /// The old item at offset `oldIndex` pairs next.
  @inlinable @inline(__always)
  internal static func waiting(_ oldIndex: Int) -> Self {
    Self(rawValue: Int32(truncatingIfNeeded: oldIndex))
  }

  /// The identifier occurs once in each list so far; the old occurrence is at `partner`.
  @inlinable @inline(__always)
  internal static func seenOnce(partner: Int) -> Self {
    Self(rawValue: -2 &- Int32(truncatingIfNeeded: partner))
  }

  /// The identifier occurs more than once in one of the lists: it never pairs.
  @inlinable @inline(__always)
  internal static var neverPair: Self { Self(rawValue: .min) }

  /// The old item that pairs next, or `nil`.
  @inlinable @inline(__always)
  internal var waitingItem: Int? { rawValue >= 0 ? Int(truncatingIfNeeded: rawValue) : nil }

  /// The old item that pairs next, read without a check: the cursor must be ``waiting(_:)``
  /// (as every filled bucket's is while the old items are entered).
  @inlinable @inline(__always)
  internal var uncheckedWaitingItem: Int { Int(truncatingIfNeeded: rawValue) }

  /// The old occurrence of an identifier seen once in each list, or `nil`.
  @inlinable @inline(__always)
  internal var onceSeenPartner: Int? {
    rawValue <= -2 && rawValue != Int32.min ? Int(truncatingIfNeeded: -2 &- rawValue) : nil
  }
}
