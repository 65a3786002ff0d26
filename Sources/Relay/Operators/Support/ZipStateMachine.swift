/// The values of each of two upstreams of a `zip` waiting for a partner.
@usableFromInline typealias ZipSlots2<A, B> = FanInSlots2<ZipQueue<A>, ZipQueue<B>>
/// The values of each of three upstreams of a `zip` waiting for a partner.
@usableFromInline typealias ZipSlots3<A, B, C> = FanInSlots3<ZipQueue<A>, ZipQueue<B>, ZipQueue<C>>
/// The values of each of four upstreams of a `zip` waiting for a partner.
@usableFromInline typealias ZipSlots4<A, B, C, D> =
  FanInSlots4<ZipQueue<A>, ZipQueue<B>, ZipQueue<C>, ZipQueue<D>>

/// A first-in, first-out queue for `zip`'s waiting values.
@usableFromInline
struct ZipQueue<Element> {
  @usableFromInline var elements: [Element?] = []
  @usableFromInline var head = 0

  @inlinable init() {}

  @inlinable var isEmpty: Bool { head == elements.count }

  @inlinable mutating func append(_ element: Element) { elements.append(element) }

  /// Appends the element `element` holds, leaving `nil` there.
  @inlinable mutating func append(moving element: inout Element?) {
    elements.append(element.take())
  }

  @inlinable
  mutating func popFirst() -> Element? {
    guard head < elements.count else { return nil }
    let element = elements[head].take()
    head += 1
    if head == elements.count {
      elements.removeAll(keepingCapacity: elements.count <= 64)
      head = 0
    }
    return element
  }
}

extension ZipQueue: FanInSlot {
  @inlinable var hasValue: Bool { !isEmpty }

  @inlinable mutating func store(_ value: inout Element?) { append(moving: &value) }

  @inlinable mutating func takeForTuple() -> Element { popFirst().unsafelyUnwrapped }
}

/// The rules of `zip`, as a value with no locks and no threads: the storage asks it what to
/// do under its lock, releases the lock, and then does it.
///
/// The downstream's requests go to every upstream; values wait in their upstream's queue
/// until each upstream has one, and the oldest of each make a tuple against demand. It
/// finishes as soon as no more tuple can be made (an upstream finished and its queue is
/// empty), cancelling the others, and fails with the first failure, cancelling every upstream.
@usableFromInline
typealias ZipStateMachine<Slots: FanInSlots, Failure: Error> =
  FanInSlotStateMachine<ZipRule, Slots, Failure>

extension FanInSlotStateMachine: FanInRequestStateMachine where Rule == ZipRule {
  /// An upstream's value, queued by `store`.
  @inlinable
  mutating func receive(at index: Int, store: (inout Slots) -> Void) -> Effects {
    var effects = Effects()
    guard !isTerminated, !upstreams.finished[index] else { return effects }
    store(&slots)
    emit(into: &effects)
    return effects
  }

  /// Makes the tuples the demand allows, then finishes if no more can be made.
  @inlinable
  mutating func emit(into effects: inout Effects) {
    while demand > 0, slots.isComplete {
      demand -= 1
      if let now = outbox.deliverOrQueue(.value(slots.takeTuple())) { effects.deliver = now }
    }
    if hasEnded { terminate(with: .finished, into: &effects) }
  }

  @inlinable
  mutating func request(_ more: Subscribers.Demand) -> Effects {
    var effects = Effects()
    for subscription in addDemand(more) { effects.requests.append((subscription, more)) }
    if !isTerminated { emit(into: &effects) }
    return effects
  }
}

/// The subscription of a `zip`: it takes the lock, asks the state machine what to do,
/// releases the lock, and then calls the downstream or the upstreams.
///
/// The downstream is called by one thread at a time, the one holding the `Outbox` token.
/// `cancel()` never waits for a call in progress on another thread; once it returns, no new
/// call to the downstream starts.
@usableFromInline
final class ZipStorage<Slots: FanInSlots, Downstream: Subscriber>: FanInSlotStorage,
  CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Slots.Output {
  // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
  // the holder of the outbox's token.
  @usableFromInline typealias Machine = ZipStateMachine<Slots, Downstream.Failure>

  @usableFromInline let downstream: Downstream
  @usableFromInline let state = Lock<Machine>.make(Machine())

  @inlinable init(downstream: Downstream) { self.downstream = downstream }

  /// `Zip`, as Combine names it in `print`'s log.
  @usableFromInline var description: String { "Zip" }

  @inlinable
  func receive<Input>(
    _ input: Input, at index: Int, store: (inout Slots, inout Input?) -> Void
  ) {
    // `store` moves the value out; when the zip has ended it stays here, and is released
    // when this returns: outside the lock.
    var value: Input? = input
    perform(state.withLock { $0.receive(at: index) { store(&$0, &value) } })
  }
}
