/// A first-in, first-out queue in a ring buffer: the one queue behind every delivery in Relay
/// (a relay's backlog, an operator's waiting events, `receive(on:)`'s values, `zip`'s
/// unpaired values, `delay`'s held events).
///
/// Its storage never holds more than the most elements that waited at once, rounded up to a
/// power of two, however many pass through: a queue that is never quite empty while others
/// keep feeding it reuses the slots its consumer freed. It shrinks again once it is a quarter
/// full. Elements leave by being moved out, so a caller under a lock can move them out and
/// release them after unlocking; `take()` hands the whole queue over the same way.
///
/// - Complexity: `append` and `popFirst` are amortized O(1); `remove(at:)` and
///   `firstIndex(where:)` are O(*n*).
@usableFromInline
package struct DeliveryQueue<Element> {
  @usableFromInline var storage: DeliveryQueueStorage<Element>?

  /// An empty queue, which allocates nothing until the first `append`.
  @inlinable init() { storage = nil }

  /// The number of waiting elements.
  @inlinable package var count: Int {
    storage?.withUnsafeMutablePointerToHeader { $0.pointee.count } ?? 0
  }

  /// Whether no element waits.
  @inlinable package var isEmpty: Bool { count == 0 }

  /// The number of elements the storage can hold before it grows.
  @inlinable
  var capacity: Int { storage?.withUnsafeMutablePointerToHeader { $0.pointee.capacity } ?? 0 }

  /// The oldest element.
  @inlinable var first: Element? { isEmpty ? nil : self[0] }

  /// The element at `offset` from the oldest one.
  @inlinable
  subscript(offset: Int) -> Element {
    get {
      precondition(offset >= 0 && offset < count, "DeliveryQueue offset \(offset) out of range")
      return storage.unsafelyUnwrapped.withElement(at: offset) { $0.pointee }
    }
    set {
      precondition(offset >= 0 && offset < count, "DeliveryQueue offset \(offset) out of range")
      makeUnique()
      storage.unsafelyUnwrapped.withElement(at: offset) { $0.pointee = newValue }
    }
  }

  /// Adds an element after the others.
  @inlinable
  mutating func append(_ element: Element) {
    if count == capacity { resize(to: Swift.max(4, capacity * 2)) } else { makeUnique() }
    storage.unsafelyUnwrapped.append(element)
  }

  /// Moves the oldest element out.
  @inlinable
  mutating func popFirst() -> Element? {
    guard !isEmpty else { return nil }
    makeUnique()
    let element = storage.unsafelyUnwrapped.removeFirst()
    shrinkIfSparse()
    return element
  }

  /// Moves the elements out oldest first, handing each to `body`, until `body` returns false
  /// or none is left; those not handed over stay.
  ///
  /// For a batch delivered outside the lock: one pass over the storage, which does not shrink
  /// on the way, so that each element costs one move and one call.
  ///
  /// - Complexity: O(*k*) for the *k* elements handed over.
  @inlinable
  mutating func removeEach(while body: (Element) throws -> Bool) rethrows {
    guard !isEmpty else { return }
    makeUnique()
    try storage.unsafelyUnwrapped.removeEach(while: body)
  }

  /// Moves the element at `offset` out, closing the gap.
  @inlinable
  mutating func remove(at offset: Int) -> Element {
    precondition(offset >= 0 && offset < count, "DeliveryQueue offset \(offset) out of range")
    makeUnique()
    let element = storage.unsafelyUnwrapped.remove(at: offset)
    shrinkIfSparse()
    return element
  }

  /// The offset of the oldest element that satisfies `predicate`.
  @inlinable
  func firstIndex(where predicate: (Element) throws -> Bool) rethrows -> Int? {
    for offset in 0..<count
    where try storage.unsafelyUnwrapped.withElement(
      at: offset,
      {
        try predicate($0.pointee)
      })
    {
      return offset
    }
    return nil
  }

  /// The offset of the newest element that satisfies `predicate`.
  @inlinable
  func lastIndex(where predicate: (Element) throws -> Bool) rethrows -> Int? {
    for offset in (0..<count).reversed()
    where try storage.unsafelyUnwrapped.withElement(
      at: offset, { try predicate($0.pointee) })
    {
      return offset
    }
    return nil
  }

  /// The number of elements that satisfy `predicate`.
  @inlinable
  func count(where predicate: (Element) throws -> Bool) rethrows -> Int {
    var matches = 0
    for offset in 0..<count
    where try storage.unsafelyUnwrapped.withElement(at: offset, { try predicate($0.pointee) }) {
      matches += 1
    }
    return matches
  }

  /// Hands the whole queue over and leaves this one empty, so that its elements are released
  /// wherever the caller lets the result go.
  @inlinable
  mutating func take() -> DeliveryQueue {
    defer { storage = nil }
    return self
  }

  @inlinable
  mutating func makeUnique() {
    if storage != nil, !isKnownUniquelyReferenced(&storage) { resize(to: capacity) }
  }

  @inlinable
  mutating func shrinkIfSparse() {
    if capacity > 16, count * 4 <= capacity { resize(to: capacity / 2) }
  }

  /// Moves (or, when the storage is shared, copies) the elements into new storage with room
  /// for `newCapacity`, a power of two.
  @inlinable
  mutating func resize(to newCapacity: Int) {
    let new = DeliveryQueueStorage<Element>.make(capacity: newCapacity)
    if let old = storage {
      if isKnownUniquelyReferenced(&storage) {
        old.moveElements(into: new)
      } else {
        old.copyElements(into: new)
      }
    }
    storage = new
  }
}

extension DeliveryQueue: Sequence {
  /// The elements, oldest first, read without moving them.
  @usableFromInline
  package struct Iterator: IteratorProtocol {
    @usableFromInline let queue: DeliveryQueue
    @usableFromInline var offset = 0

    @inlinable init(queue: DeliveryQueue) { self.queue = queue }

    @inlinable
    package mutating func next() -> Element? {
      guard offset < queue.count else { return nil }
      defer { offset += 1 }
      return queue[offset]
    }
  }

  @inlinable package func makeIterator() -> Iterator { Iterator(queue: self) }

  @inlinable package var underestimatedCount: Int { count }
}

extension DeliveryQueue: @unchecked Sendable where Element: Sendable {}

/// Where a ring buffer's elements start, how many there are, and how many fit.
@usableFromInline
struct DeliveryQueueHeader {
  @usableFromInline var head: Int
  @usableFromInline var count: Int
  @usableFromInline let capacity: Int

  @inlinable
  init(head: Int, count: Int, capacity: Int) {
    self.head = head
    self.count = count
    self.capacity = capacity
  }
}

/// The ring buffer of a `DeliveryQueue`: `count` elements from `head`, wrapping around at
/// `capacity`, a power of two.
@usableFromInline
final class DeliveryQueueStorage<Element>: ManagedBuffer<DeliveryQueueHeader, Element> {
  @inlinable
  static func make(capacity: Int) -> DeliveryQueueStorage<Element> {
    precondition(capacity > 0 && capacity & (capacity - 1) == 0, "capacity must be a power of 2")
    let buffer = create(minimumCapacity: capacity) { _ in
      DeliveryQueueHeader(head: 0, count: 0, capacity: capacity)
    }
    return unsafeDowncast(buffer, to: DeliveryQueueStorage<Element>.self)
  }

  deinit {
    withUnsafeMutablePointers { header, elements in
      for offset in 0..<header.pointee.count {
        (elements + Self.slot(header.pointee, offset)).deinitialize(count: 1)
      }
    }
  }

  /// The physical slot of the element at `offset` from the head.
  @inlinable
  static func slot(_ header: DeliveryQueueHeader, _ offset: Int) -> Int {
    (header.head &+ offset) & (header.capacity &- 1)
  }

  @inlinable
  func withElement<Result>(
    at offset: Int, _ body: (UnsafeMutablePointer<Element>) throws -> Result
  ) rethrows -> Result {
    try withUnsafeMutablePointers { header, elements in
      try body(elements + Self.slot(header.pointee, offset))
    }
  }

  @inlinable
  func append(_ element: Element) {
    withUnsafeMutablePointers { header, elements in
      (elements + Self.slot(header.pointee, header.pointee.count)).initialize(to: element)
      header.pointee.count += 1
    }
  }

  @inlinable
  func removeFirst() -> Element {
    withUnsafeMutablePointers { header, elements in
      let element = (elements + header.pointee.head).move()
      header.pointee.head = Self.slot(header.pointee, 1)
      header.pointee.count -= 1
      if header.pointee.count == 0 { header.pointee.head = 0 }
      return element
    }
  }

  /// Moves the elements out oldest first into `body`, until it returns false or none is left.
  @inlinable
  func removeEach(while body: (Element) throws -> Bool) rethrows {
    try withUnsafeMutablePointers { header, elements in
      defer { if header.pointee.count == 0 { header.pointee.head = 0 } }
      while header.pointee.count > 0 {
        let element = (elements + header.pointee.head).move()
        header.pointee.head = Self.slot(header.pointee, 1)
        header.pointee.count -= 1
        guard try body(element) else { return }
      }
    }
  }

  /// Moves the element at `offset` out and shifts the younger ones down one slot.
  @inlinable
  func remove(at offset: Int) -> Element {
    withUnsafeMutablePointers { header, elements in
      let element = (elements + Self.slot(header.pointee, offset)).move()
      var position = offset
      while position + 1 < header.pointee.count {
        (elements + Self.slot(header.pointee, position)).initialize(
          to: (elements + Self.slot(header.pointee, position + 1)).move())
        position += 1
      }
      header.pointee.count -= 1
      return element
    }
  }

  /// Moves every element into `other`, which is empty and large enough, oldest at its start.
  @inlinable
  func moveElements(into other: DeliveryQueueStorage<Element>) {
    transfer(into: other) { $0.moveInitialize(from: $1, count: $2) }
    withUnsafeMutablePointerToHeader {
      $0.pointee.count = 0
      $0.pointee.head = 0
    }
  }

  /// Copies every element into `other`, which is empty and large enough.
  @inlinable
  func copyElements(into other: DeliveryQueueStorage<Element>) {
    transfer(into: other) { $0.initialize(from: $1, count: $2) }
  }

  /// Hands `body` the elements in at most two contiguous runs, oldest first, with where each
  /// run goes in `other`.
  @inlinable
  func transfer(
    into other: DeliveryQueueStorage<Element>,
    _ body: (UnsafeMutablePointer<Element>, UnsafeMutablePointer<Element>, Int) -> Void
  ) {
    withUnsafeMutablePointers { header, elements in
      other.withUnsafeMutablePointers { otherHeader, otherElements in
        let count = header.pointee.count
        precondition(otherHeader.pointee.capacity >= count, "the new storage is too small")
        let firstRun = Swift.min(count, header.pointee.capacity - header.pointee.head)
        body(otherElements, elements + header.pointee.head, firstRun)
        body(otherElements + firstRun, elements, count - firstRun)
        otherHeader.pointee.count = count
        otherHeader.pointee.head = 0
      }
    }
  }
}
