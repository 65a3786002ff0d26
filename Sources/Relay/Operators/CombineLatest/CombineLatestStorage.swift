/// The subscription of a `combineLatest`: it takes the lock, asks the state machine what to
/// do, releases the lock, and then calls the downstream or the upstreams.
///
/// The downstream is called by one thread at a time, the runner of the state machine's
/// `SerialDelivery`, through the `DownstreamDriver` but for the send path; tuples other threads make meanwhile wait in order, and a drainer on a
/// global queue delivers them. `cancel()` never waits for a call in progress on another thread;
/// once it returns, the downstream receives at most one more call, which another thread had
/// already set out to make.
@usableFromInline
final class CombineLatestStorage<Slots: TupleSlots, Downstream: Subscriber>: Subscription,
  CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Slots.Output {
  // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
  // the runner of `state.delivery`; `handOver` is touched only by the runner.
  @usableFromInline typealias Machine = CombineLatestStateMachine<Slots, Downstream.Failure>
  @usableFromInline typealias Event = Machine.Event

  /// The subscriber a `combineLatest` attaches to upstream `index`, which stores its values
  /// with `store`.
  @usableFromInline
  struct Child<Input>: Subscriber {
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let storage: CombineLatestStorage
    @usableFromInline let index: Int
    /// Moves the value from its second argument into the slots, leaving there what it
    /// replaced, if anything, to release outside the lock.
    @usableFromInline let store: (inout Slots, inout Input?) -> Void

    @inlinable
    init(
      storage: CombineLatestStorage, index: Int,
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

  @usableFromInline let driver: DownstreamDriver<Machine, Downstream>
  @inlinable var downstream: Downstream { driver.downstream }
  @inlinable var state: Lock<Machine> { driver.state }
  /// Where the thread that becomes the runner under the lock writes its tuple, and from where
  /// it moves it out once the lock is released.
  ///
  /// Only the runner touches it, so one slot is enough; it is uninitialized at rest.
  @usableFromInline let handOver = UnsafeMutablePointer<Slots.Output>.allocate(capacity: 1)

  @inlinable
  init(downstream: Downstream) {
    driver = DownstreamDriver(downstream: downstream, state: Machine())
  }

  deinit { handOver.deallocate() }

  /// `CombineLatest`, as Combine names it in `print`'s log.
  @usableFromInline var description: String { "CombineLatest" }

  // MARK: Upstream events

  @inlinable
  func receive(subscription: any Subscription, at index: Int) {
    guard let demand = state.withLock({ $0.subscribed(subscription, at: index) }) else {
      return subscription.cancel()
    }
    if demand != .none { subscription.request(demand) }
  }

  /// The send path: one lock to store the value and, when this thread becomes the runner, one
  /// to end the delivery.
  @inlinable
  func receive<Input>(_ input: Input, at index: Int, store: (inout Slots, inout Input?) -> Void) {
    // After the store, `value` holds the value it replaced, released when this returns:
    // outside the lock.
    var value: Input? = input
    let thread = ThreadIdentity.current
    let delivers = state.withLock {
      $0.receive(at: index, from: thread, into: handOver) { store(&$0, &value) }
    }
    if delivers { deliver(tuple: handOver.move(), from: thread) }
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Downstream.Failure>, at index: Int) {
    let thread = ThreadIdentity.current
    driver.carryOut(
      state.withLock { $0.complete(at: index, with: completion, from: thread) }, from: thread)
  }

  // MARK: Downstream events

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

  // MARK: Delivering

  /// Delivers a tuple as the runner, then whatever waits behind it.
  ///
  /// The common case takes the lock once after the call: nothing to ask the upstreams for,
  /// nothing waiting.
  @inlinable
  func deliver(tuple: Slots.Output, from thread: ThreadIdentity) {
    let more = downstream.receive(tuple)
    let (stopped, forward) = state.withLock { state -> (Bool, [any Subscription]) in
      let forward = more == .none ? [] : state.request(more)
      return forward.isEmpty ? (state.delivery.stopIfIdle(from: thread), []) : (false, forward)
    }
    if !stopped { deliverQueued(asking: more, from: forward, from: thread) }
  }

  /// Asks the upstreams for what the downstream returned, then delivers what waits: out of
  /// line, to keep the send path small.
  @inlinable @inline(never)
  func deliverQueued(
    asking more: Subscribers.Demand, from forward: [any Subscription],
    from thread: ThreadIdentity
  ) {
    for subscription in forward { subscription.request(more) }
    driver.run(state.withLock { $0.delivery.next(from: thread) }, from: thread)
  }
}

extension CombineLatestStateMachine: DownstreamDriverState {
  /// Demand the downstream returns passes to every upstream that has not finished.
  @inlinable
  mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity) -> UpstreamCalls? {
    let forward = request(more)
    return forward.isEmpty ? nil : .requestEach(forward)
  }
}
