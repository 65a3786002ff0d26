/// The count and capacity of a `RelayEntries` buffer.
@usableFromInline
struct RelayEntriesHeader {
  @usableFromInline var count: Int
  @usableFromInline let capacity: Int

  @inlinable init(count: Int, capacity: Int) {
    self.count = count
    self.capacity = capacity
  }
}

/// A relay's attached subscribers in subscription order, in a buffer that the round in
/// progress can borrow without retaining it.
///
/// An `Array` would do, except that a round must then retain it to be safe from a `cancel()`
/// that edits it meanwhile: two atomic operations on every send. Instead the state machine
/// lends this buffer to the round unretained, and while it is lent never edits it in place:
/// it retires it (keeps it alive for the deliverer to release) and edits a copy.
///
/// - Complexity: `append` is amortized O(1) while the buffer is not lent; `remove(at:)` is
///   O(*n*); a copy is O(*n*).
@usableFromInline
final class RelayEntries<Output>: ManagedBuffer<RelayEntriesHeader, RelayEntry<Output>> {
  /// An empty buffer with room for `capacity` entries.
  @inlinable
  static func make(capacity: Int) -> RelayEntries<Output> {
    let buffer = create(minimumCapacity: capacity) { _ in
      RelayEntriesHeader(count: 0, capacity: capacity)
    }
    return unsafeDowncast(buffer, to: RelayEntries<Output>.self)
  }

  deinit {
    _ = withUnsafeMutablePointers { header, entries in
      entries.deinitialize(count: header.pointee.count)
    }
  }

  // The header is read through a pointer: the `header` property, a class's stored property,
  // would pay a dynamic exclusivity check on every access.

  /// The number of entries.
  @inlinable
  var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

  /// How many entries fit without a new buffer; not `capacity`, which asks the allocator.
  @inlinable
  var reservedCapacity: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }

  /// The order of the last entry, or 0 when there is none.
  @inlinable
  var lastOrder: UInt64 { withEntries { $0.last?.order ?? 0 } }

  /// The entries, for reading in order.
  @inlinable
  func withEntries<Result>(
    _ body: (UnsafeBufferPointer<RelayEntry<Output>>) throws -> Result
  ) rethrows -> Result {
    try withUnsafeMutablePointers { header, entries in
      try body(UnsafeBufferPointer(start: entries, count: header.pointee.count))
    }
  }

  /// A new buffer holding the same entries, with room for `capacity` in all.
  ///
  /// - Parameter moving: Whether to move the entries out of this buffer, which must then not
  ///   be lent; otherwise they are copied, and this buffer stays valid.
  @inlinable
  func copy(capacity: Int, moving: Bool) -> RelayEntries<Output> {
    let copy = RelayEntries.make(capacity: Swift.max(capacity, count))
    withUnsafeMutablePointers { header, entries in
      copy.withUnsafeMutablePointers { copyHeader, copyEntries in
        if moving {
          copyEntries.moveInitialize(from: entries, count: header.pointee.count)
        } else {
          copyEntries.initialize(from: entries, count: header.pointee.count)
        }
        copyHeader.pointee.count = header.pointee.count
      }
      if moving { header.pointee.count = 0 }
    }
    return copy
  }

  /// Appends an entry; there must be room for it.
  @inlinable
  func append(_ entry: RelayEntry<Output>) {
    withUnsafeMutablePointers { header, entries in
      precondition(header.pointee.count < header.pointee.capacity, "RelayEntries is full")
      (entries + header.pointee.count).initialize(to: entry)
      header.pointee.count += 1
    }
  }

  /// Removes and returns the entry at `index`, closing the gap.
  @inlinable
  func remove(at index: Int) -> RelayEntry<Output> {
    withUnsafeMutablePointers { header, entries in
      precondition(index >= 0 && index < header.pointee.count, "RelayEntries index out of range")
      let removed = (entries + index).move()
      (entries + index).moveInitialize(
        from: entries + index + 1, count: header.pointee.count - index - 1)
      header.pointee.count -= 1
      return removed
    }
  }
}

extension RelayEntries: RandomAccessCollection {
  @inlinable var startIndex: Int { 0 }
  @inlinable var endIndex: Int { count }

  @inlinable
  subscript(position: Int) -> RelayEntry<Output> {
    withEntries { $0[position] }
  }
}
