// The codes that pairing keeps in 32 bits, inside the index maps and the subsequence search, so
// that chains of duplicates and the `.replaceAll` bookkeeping cost no memory of their own.
//
// Every code follows one scheme: a value `>= 0` is an offset, -1 means "none", `-2 - x` encodes
// another offset `x`, and `Int32.min` is a state of its own. `_PairingCode` is that scheme, one
// `Int32` with every member inlined; its `Role` says which of three roles a code plays, so that
// each role's states have their own names and one role's `Int32.min` cannot be read as
// another's. The maps are rebound to it in place, which costs nothing.

/// The largest list a diff accepts (2^29 items), so that every offset, and the negative codes
/// derived from them, fit in an `Int32`.
@usableFromInline
internal let _maximumListCount = 1 << 29

/// A code in 32 bits: an offset, "none", an encoded offset, or a reserved state; `Role` names
/// what it means.
@usableFromInline
@frozen
internal struct _PairingCode<Role>: Equatable {
  @usableFromInline
  internal var rawValue: Int32

  @inlinable @inline(__always)
  internal init(rawValue: Int32) { self.rawValue = rawValue }

  /// -1: none.
  @inlinable @inline(__always) static var none: Self { Self(rawValue: -1) }

  /// `Int32.min`: the role's reserved state.
  @inlinable @inline(__always) static var reserved: Self { Self(rawValue: .min) }

  /// An offset, stored as itself.
  @inlinable @inline(__always)
  internal static func offset(_ value: Int) -> Self {
    Self(rawValue: Int32(truncatingIfNeeded: value))
  }

  /// Another offset, stored as `-2 - value`.
  @inlinable @inline(__always)
  internal static func encoded(_ value: Int) -> Self {
    Self(rawValue: -2 &- Int32(truncatingIfNeeded: value))
  }

  /// The offset stored as itself, or `nil`.
  @inlinable @inline(__always) var offsetValue: Int? {
    rawValue >= 0 ? Int(truncatingIfNeeded: rawValue) : nil
  }

  /// The value stored as `-2 - value`, or `nil`.
  @inlinable @inline(__always)
  internal var encodedValue: Int? {
    rawValue <= -2 && rawValue != Int32.min ? Int(truncatingIfNeeded: -2 &- rawValue) : nil
  }
}

/// The role of an old item's entry in `newIndexOfOld` while two lists are paired.
@usableFromInline internal enum _OldItemRole {}

/// An old item's entry in `newIndexOfOld` while two lists are paired: its partner, or where
/// the next occurrence of its identifier waits.
///
/// Old items with one identifier form a chain in ascending order, linked through these entries;
/// pairing replaces a link with the partner's offset. Unpaired entries end as `unique`, -1,
/// which is "no partner" in the finished maps.
@usableFromInline internal typealias _OldItemState = _PairingCode<_OldItemRole>

extension _PairingCode where Role == _OldItemRole {
  /// Not paired, and the only old item with its identifier.
  @inlinable @inline(__always) static var unique: Self { .none }

  /// Not paired, the last of two or more old items with its identifier; with
  /// ``ListDiff/DuplicatePolicy/replaceAll``, also an old item whose identifier the new list
  /// holds more than once, which never pairs.
  @inlinable @inline(__always) static var lastOfSeveral: Self { .reserved }

  /// Not paired, followed by another old item with its identifier at offset `next`.
  @inlinable @inline(__always) static func followed(by next: Int) -> Self { .encoded(next) }

  /// Paired with the new item at offset `newIndex` (counted from the start of the new list).
  @inlinable @inline(__always) static func paired(with newIndex: Int) -> Self { .offset(newIndex) }

  /// Whether the item has a partner.
  @inlinable @inline(__always) var isPaired: Bool { rawValue >= 0 }

  /// The offset of the next old item with the same identifier, or `nil` if there is none (or
  /// the item is paired).
  @inlinable @inline(__always) var nextOccurrence: Int? { encodedValue }
}

/// The role of a new item's entry in `oldIndexOfNew` while two lists are paired.
@usableFromInline internal enum _NewItemRole {}

/// A new item's entry in `oldIndexOfNew` while two lists are paired with
/// ``ListDiff/DuplicatePolicy/replaceAll``: its partner, or the old item its identifier sighted.
@usableFromInline internal typealias _NewItemState = _PairingCode<_NewItemRole>

extension _PairingCode where Role == _NewItemRole {
  /// Not paired: its identifier is not in the old list, or may not pair; -1, "no partner" in
  /// the finished maps.
  @inlinable @inline(__always) static var unpaired: Self { .none }

  /// Not paired yet (``ListDiff/DuplicatePolicy/replaceAll``'s first pass); its identifier is
  /// in the old list, whose first occurrence is at offset `oldIndex` of the table's old items.
  @inlinable @inline(__always) static func sighting(of oldIndex: Int) -> Self {
    .encoded(oldIndex)
  }

  /// Paired with the old item at offset `oldIndex` (counted from the start of the old list).
  @inlinable @inline(__always) static func paired(with oldIndex: Int) -> Self { .offset(oldIndex) }

  /// The old item an item waiting to pair sighted, or `nil`.
  @inlinable @inline(__always) var sightedOldItem: Int? {
    rawValue <= -2 ? Int(truncatingIfNeeded: -2 &- rawValue) : nil
  }
}

/// The role of an item's entry in the search for a longest increasing subsequence.
@usableFromInline internal enum _SubsequenceRole {}

/// An item's entry in the search for a longest increasing subsequence: the old offset of the
/// previous member of the best run ending at the item while the search runs, and once it is
/// done, whether the item belongs to the longest run.
///
/// Unmatched items and those without a predecessor hold `none`.
@usableFromInline internal typealias _SubsequenceMark = _PairingCode<_SubsequenceRole>

extension _PairingCode where Role == _SubsequenceRole {
  /// During the search: the best run ending here continues the one ending at the item whose
  /// old offset is `value`.
  @inlinable @inline(__always) static func after(_ value: Int32) -> Self {
    Self(rawValue: value)
  }

  /// A member of the longest run: the item stays in place.
  @inlinable @inline(__always) static var member: Self { .reserved }

  /// The old offset of the previous member of the best run ending here, or `nil`.
  @inlinable @inline(__always) var predecessor: Int? { offsetValue }

  /// Whether the item belongs to the longest run, so stays in place.
  @inlinable @inline(__always) var staysInPlace: Bool { self == .member }
}
