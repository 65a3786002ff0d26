/// One attached subscriber in a `RelaySubscriberList`.
@usableFromInline
struct RelaySlot {
  /// The subscription's id: its position in subscription order, from 1, increasing along a
  /// list.
  @usableFromInline let order: UInt64
  /// The subscriber, held by the list (one of the relay's holds, `AnyRelayTarget.hold()`);
  /// `nil` once taken out.
  @usableFromInline var target: Unmanaged<AnyRelayTarget>?

  @inlinable
  init(order: UInt64, target: Unmanaged<AnyRelayTarget>?) {
    self.order = order
    self.target = target
  }
}

/// The count and capacity of a `RelaySubscriberList`.
///
/// Kept in 32 bits each: a list of one subscriber is then 40 bytes, 48 of heap, not 48 and 64.
@usableFromInline
struct RelaySubscriberListHeader {
  @usableFromInline var storedCount: UInt32
  @usableFromInline let storedCapacity: UInt32

  @inlinable init(count: Int, capacity: Int) {
    precondition(
      capacity <= Int(UInt32.max), "a relay cannot keep more than \(UInt32.max) subscribers")
    storedCount = UInt32(truncatingIfNeeded: count)
    storedCapacity = UInt32(truncatingIfNeeded: capacity)
  }

  /// The number of slots; never above `capacity`.
  @inlinable var count: Int {
    get { Int(storedCount) }
    set { storedCount = UInt32(truncatingIfNeeded: newValue) }
  }

  /// How many slots fit.
  @inlinable var capacity: Int { Int(storedCapacity) }
}

/// A relay's subscribers in subscription order, in a buffer a round reads without retaining
/// it or the subscribers in it.
///
/// The list holds its subscribers: it takes one of the relay's holds of each target it is given
/// (`AnyRelayTarget.hold()`) and lets go of the ones left in it when it goes away, which is
/// never under the relay's lock. A target taken out (`remove(at:)`, `takeTarget(at:)`) comes
/// with the list's hold, which the caller lets go of, outside the lock. A round reads the list
/// through `forEachTarget`, which lends each target unretained: whoever owns the list keeps it
/// alive and leaves its structure alone until the round ends (see `RelaySubscribers`). The only
/// change made while a round reads it is `takeTarget(at:)`, by the delivering thread itself,
/// for a slot the round is not calling.
///
/// - Complexity: `insert` is O(1) at the end while there is room, O(*n*) elsewhere;
///   `remove(at:)`, `copy` and `selecting` are O(*n*); `index(ofOrder:)` is O(log *n*).
@usableFromInline
final class RelaySubscriberList:
  ManagedBuffer<RelaySubscriberListHeader, RelaySlot>
{
  /// An empty list with room for `capacity` subscribers.
  @inlinable
  static func make(capacity: Int) -> RelaySubscriberList {
    let buffer = create(minimumCapacity: capacity) { _ in
      RelaySubscriberListHeader(count: 0, capacity: capacity)
    }
    return unsafeDowncast(buffer, to: RelaySubscriberList.self)
  }

  /// The list of a relay with no subscriber, shared by every one: never changed (an edit that adds
  /// to it makes a list of its own), so a relay allocates none until its first subscriber.
  @usableFromInline nonisolated(unsafe) static let empty = make(capacity: 0)

  deinit {
    withUnsafeMutablePointers { header, slots in
      for index in 0..<header.pointee.count {
        slots[index].target?._withUnsafeGuaranteedRef { $0.letGo() }
      }
      slots.deinitialize(count: header.pointee.count)
    }
  }

  // The header is read through a pointer: the `header` property, a class's stored property,
  // would pay a dynamic exclusivity check on every access.

  /// The number of slots.
  @inlinable
  var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

  /// How many slots fit; not `capacity`, which asks the allocator.
  @inlinable
  var reservedCapacity: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }

  /// The slots, in order.
  @inlinable
  func withSlots<Result>(
    _ body: (UnsafeMutableBufferPointer<RelaySlot>) throws -> Result
  ) rethrows -> Result {
    try withUnsafeMutablePointers { header, slots in
      try body(UnsafeMutableBufferPointer(start: slots, count: header.pointee.count))
    }
  }

  /// Calls `body` with each subscriber still in the list, in order, lent without a retain.
  @inlinable @inline(__always)
  func forEachTarget(_ body: (_ order: UInt64, _ target: AnyRelayTarget) -> Void) {
    withSlots { slots in
      for index in slots.indices {
        guard let target = slots[index].target else { continue }
        let order = slots[index].order
        target._withUnsafeGuaranteedRef { body(order, $0) }
      }
    }
  }

  /// The position of the first slot whose order is not below `order`.
  @usableFromInline
  func lowerBound(ofOrder order: UInt64) -> Int {
    withSlots { slots in
      // Subscribers usually arrive in order: check the end first.
      // Indexed rather than `slots.last`: unspecialized code (a cancel through the `Subscription`
      // existential) allocates for the optional `last` returns.
      if slots.isEmpty || slots[slots.count - 1].order < order { return slots.count }
      var low = 0
      var high = slots.count
      while low < high {
        let middle = (low + high) / 2
        if slots[middle].order < order { low = middle + 1 } else { high = middle }
      }
      return low
    }
  }

  /// The position of the slot with `order`, if it is in the list.
  @inlinable
  func index(ofOrder order: UInt64) -> Int? {
    let index = lowerBound(ofOrder: order)
    return withSlots { index < $0.count && $0[index].order == order ? index : nil }
  }

  /// A new list holding the slots at the positions `isSelected` picks, each subscriber held
  /// once more, with room for `capacity` in all.
  @usableFromInline
  func selecting(capacity: Int, _ isSelected: (Int) -> Bool) -> RelaySubscriberList {
    let copy = RelaySubscriberList.make(capacity: Swift.max(capacity, 1))
    withSlots { slots in
      copy.withUnsafeMutablePointers { copyHeader, copySlots in
        var copied = 0
        for index in slots.indices where isSelected(index) {
          let slot = slots[index]
          slot.target?._withUnsafeGuaranteedRef { $0.hold() }
          (copySlots + copied).initialize(to: slot)
          copied += 1
        }
        copyHeader.pointee.count = copied
      }
    }
    return copy
  }

  /// A new list holding the same subscribers, each held once more, with room for
  /// `capacity` in all.
  @usableFromInline
  func copy(capacity: Int) -> RelaySubscriberList {
    selecting(capacity: Swift.max(capacity, count)) { _ in true }
  }

  /// Moves every slot into a new list with room for `capacity`; this one is left empty.
  @usableFromInline
  func moved(capacity: Int) -> RelaySubscriberList {
    let moved = RelaySubscriberList.make(capacity: Swift.max(capacity, count))
    withUnsafeMutablePointers { header, slots in
      moved.withUnsafeMutablePointers { movedHeader, movedSlots in
        movedSlots.moveInitialize(from: slots, count: header.pointee.count)
        movedHeader.pointee.count = header.pointee.count
      }
      header.pointee.count = 0
    }
    return moved
  }

  /// Inserts a subscriber where its order puts it, holding it; there must be room for it.
  ///
  /// - Returns: The slot's position.
  @usableFromInline @discardableResult
  func insert(_ target: AnyRelayTarget, order: UInt64) -> Int {
    let index = lowerBound(ofOrder: order)
    withUnsafeMutablePointers { header, slots in
      precondition(header.pointee.count < header.pointee.capacity, "RelaySubscriberList is full")
      (slots + index + 1).moveInitialize(from: slots + index, count: header.pointee.count - index)
      target.hold()
      (slots + index).initialize(to: RelaySlot(order: order, target: .passUnretained(target)))
      header.pointee.count += 1
    }
    return index
  }

  /// Removes the slot at `index`, closing the gap, and returns its subscriber with the list's
  /// hold, which the caller lets go of outside the lock.
  @usableFromInline
  func remove(at index: Int) -> AnyRelayTarget? {
    withUnsafeMutablePointers { header, slots in
      precondition(
        index >= 0 && index < header.pointee.count, "RelaySubscriberList index out of range")
      let removed = (slots + index).move()
      (slots + index).moveInitialize(
        from: slots + index + 1, count: header.pointee.count - index - 1)
      header.pointee.count -= 1
      return removed.target?.takeUnretainedValue()
    }
  }

  /// Takes the subscriber out of the slot at `index`, leaving the slot empty, so that it can
  /// be let go of before the list is: it comes with the list's hold, which the caller lets go
  /// of, outside any lock.
  @usableFromInline
  func takeTarget(at index: Int) -> AnyRelayTarget? {
    withSlots { slots in
      defer { slots[index].target = nil }
      return slots[index].target?.takeUnretainedValue()
    }
  }

  /// The subscriber at `index`; the list keeps its hold.
  @usableFromInline
  func target(at index: Int) -> AnyRelayTarget? {
    withSlots { $0[index].target?.takeUnretainedValue() }
  }
}
