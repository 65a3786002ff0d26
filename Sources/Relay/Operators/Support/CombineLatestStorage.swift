/// The subscription of a `combineLatest`: it takes the lock, asks the state machine what to
/// do, releases the lock, and then calls the downstream or the upstreams.
///
/// The downstream is called by one thread at a time, the one holding the `Outbox` token;
/// values that other threads produce meanwhile wait in order. `cancel()` never waits for a
/// call in progress on another thread; once it returns, no new call to the downstream starts.
@usableFromInline
final class CombineLatestStorage<Slots: CombineLatestSlots, Downstream: Subscriber>:
  Subscription, CustomStringConvertible, OutboxDelivering, @unchecked Sendable
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

  /// The subscriber for upstream `index`, which stores its values with `store`.
  @inlinable
  func child<Input>(at index: Int, store: @escaping (inout Slots, inout Input?) -> Void)
    -> CombineLatestChild<Input, Slots, Downstream>
  {
    CombineLatestChild(storage: self, index: index, store: store)
  }

  @inlinable
  func receive(subscription: any Subscription, at index: Int) {
    guard let demand = state.withLock({ $0.subscribed(subscription, at: index) }) else {
      return subscription.cancel()
    }
    if demand != .none { subscription.request(demand) }
  }

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
  func receive(completion: Subscribers.Completion<Downstream.Failure>, at index: Int) {
    let completed = state.withLock { $0.complete(at: index, with: completion) }
    for subscription in completed.cancel { subscription.cancel() }
    if let event = completed.deliver { deliver(event) }
  }

  /// Calls the downstream with one event, then settles what it asked for.
  @inlinable
  func deliverOne(_ event: Machine.Event) -> Machine.Step {
    var more = Subscribers.Demand.none
    switch event {
    case .value(let value): more = downstream.receive(value)
    case .completion(let completion): downstream.receive(completion: completion)
    }
    let (step, forward) = state.withLock { $0.delivered(asking: more) }
    for subscription in forward { subscription.request(more) }
    return step
  }

  @inlinable
  func drainerStarts() -> Machine.Step { state.withLock { $0.outbox.drainerStarts() } }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    let forward = state.withLock { $0.request(demand) }
    for subscription in forward { subscription.request(demand) }
  }

  @inlinable
  func cancel() {
    let (cancel, released) = state.withLock { $0.cancel() }
    _ = released  // released outside the lock
    for subscription in cancel { subscription.cancel() }
  }
}

/// The subscriber a `combineLatest` attaches to one of its upstreams.
@usableFromInline
struct CombineLatestChild<Input, Slots: CombineLatestSlots, Downstream: Subscriber>: Subscriber
where Downstream.Input == Slots.Output {
  @usableFromInline typealias Failure = Downstream.Failure

  @usableFromInline let storage: CombineLatestStorage<Slots, Downstream>
  @usableFromInline let index: Int
  @usableFromInline let store: (inout Slots, inout Input?) -> Void

  @inlinable
  init(
    storage: CombineLatestStorage<Slots, Downstream>, index: Int,
    store: @escaping (inout Slots, inout Input?) -> Void
  ) {
    self.storage = storage
    self.index = index
    self.store = store
  }

  @inlinable
  func receive(subscription: any Subscription) {
    storage.receive(subscription: subscription, at: index)
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receive(input, at: index, store: store)
    return .none
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, at: index)
  }
}
