/// The subscription of a `combineLatest`: it takes the lock, asks the state machine what to
/// do, releases the lock, and then calls the downstream or the upstreams.
///
/// The downstream is called by one thread at a time, the one holding the `Outbox` token; values
/// that other threads produce meanwhile wait in order. `cancel()` never waits for a call in
/// progress on another thread; once it returns, the downstream receives at most one more call,
/// which another thread had already set out to make.
@usableFromInline
final class CombineLatestStorage<Slots: FanInSlots, Downstream: Subscriber>:
  FanInSlotStorage, CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Slots.Output {
  // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
  // the holder of the outbox's token.
  @usableFromInline typealias Machine = CombineLatestStateMachine<Slots, Downstream.Failure>

  @usableFromInline let downstream: Downstream
  @usableFromInline let state = Lock<Machine>.make(Machine())
  /// Where the thread that claims the delivery token under the lock writes its tuple, and
  /// from where it moves it out once the lock is released. Only the token's holder touches
  /// it, so one slot is enough; it is uninitialized at rest.
  @usableFromInline let handOver = UnsafeMutablePointer<Slots.Output>.allocate(capacity: 1)

  @inlinable init(downstream: Downstream) { self.downstream = downstream }

  deinit { handOver.deallocate() }

  /// `CombineLatest`, as Combine names it in `print`'s log.
  @usableFromInline var description: String { "CombineLatest" }

  @inlinable
  func receive<Input>(
    _ input: Input, at index: Int, store: (inout Slots, inout Input?) -> Void
  ) {
    // After the store, `value` holds the value it replaced, released when this returns:
    // outside the lock.
    var value: Input? = input
    let delivers = state.withLock { $0.receive(at: index, into: handOver) { store(&$0, &value) } }
    if delivers { deliver(value: handOver.move()) }
  }

  /// Delivers a tuple, then every event queued behind it; only the token's holder calls it.
  @inlinable
  func deliver(value: Slots.Output) {
    let more = downstream.receive(value)
    let (hasMore, forward) = state.withLock { $0.finishDelivery(asking: more) }
    for subscription in forward { subscription.request(more) }
    if hasMore { deliverQueued() }
  }

  /// Delivers the events that waited while this thread held the token.
  @inlinable @inline(never)
  func deliverQueued() {
    follow(state.withLock { $0.outbox.step() })
  }

  @inlinable
  func settleDelivery(asking more: Subscribers.Demand) -> Machine.Step {
    settle(
      more,
      by: { state in
        let forward = state.request(more)
        return forward.isEmpty ? nil : forward
      },
      then: { forward in
        for subscription in forward { subscription.request(more) }
      })
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    let forward = state.withLock { $0.request(demand) }
    for subscription in forward { subscription.request(demand) }
  }
}
