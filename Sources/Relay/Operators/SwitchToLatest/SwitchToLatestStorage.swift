/// The subscription of a `switchToLatest`, and its upstream's subscriber: it takes the lock,
/// asks the state machine what to do, releases the lock, and then calls the downstream, the
/// upstream or the current inner publisher (its child).
///
/// The downstream is called by one thread at a time, the runner of the state machine's
/// `SerialDelivery`, through the `DownstreamDriver`; values other threads send meanwhile wait in order, and a drainer on a
/// global queue delivers them. `cancel()` never waits for a call in progress on another thread;
/// once it returns, the downstream receives at most one more call, which another thread had
/// already set out to make.
final class SwitchToLatestStorage<Inner: Publisher, Downstream: Subscriber>: Subscriber,
  Subscription, CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Inner.Output, Downstream.Failure == Inner.Failure {
  // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
  // the runner of `state.delivery`.
  typealias Input = Inner
  typealias Failure = Inner.Failure
  typealias Machine = SwitchToLatestStateMachine<Inner.Output, Failure>
  typealias Event = Machine.Event

  /// The subscriber a `switchToLatest` attaches to the `index`-th inner publisher.
  struct Child: Subscriber {
    typealias Input = Inner.Output
    typealias Failure = Inner.Failure

    let storage: SwitchToLatestStorage
    let index: Int

    func receive(subscription: any Subscription) {
      storage.receive(subscription: subscription, at: index)
    }

    func receive(_ input: Input) -> Subscribers.Demand { storage.receive(input, at: index) }

    func receive(completion: Subscribers.Completion<Failure>) {
      storage.receive(completion: completion, at: index)
    }
  }

  let driver: DownstreamDriver<Machine, Downstream>
  var downstream: Downstream { driver.downstream }
  var state: Lock<Machine> { driver.state }

  init(downstream: Downstream) {
    driver = DownstreamDriver(downstream: downstream, state: Machine())
  }

  /// `SwitchToLatest`, as Combine names it in `print`'s log.
  var description: String { "SwitchToLatest" }

  /// Hands the downstream this subscription, then subscribes to `upstream`.
  func start<Upstream: Publisher>(with upstream: Upstream)
  where Upstream.Output == Inner, Upstream.Failure == Failure {
    downstream.receive(subscription: self)
    upstream.subscribe(self)
  }

  // MARK: Upstream events

  func receive(subscription: any Subscription) {
    guard let demand = state.withLock({ $0.upstreamSubscribed(subscription) }) else {
      return subscription.cancel()
    }
    subscription.request(demand)
  }

  func receive(_ input: Inner) -> Subscribers.Demand {
    let (index, previous) = state.withLock { $0.switchChild() }
    previous?.cancel()
    if let index { input.subscribe(Child(storage: self, index: index)) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let thread = ThreadIdentity.current
    driver.carryOut(
      state.withLock { $0.upstreamCompleted(with: completion, from: thread) }, from: thread)
  }

  // MARK: Children's events

  func receive(subscription: any Subscription, at index: Int) {
    guard let demand = state.withLock({ $0.childSubscribed(subscription, at: index) }) else {
      return subscription.cancel()
    }
    if demand != .none { subscription.request(demand) }
  }

  /// A child's value.
  ///
  /// When this thread delivers it, the demand the downstream returned for it is the child's answer,
  /// as in Combine; demand returned for values delivered later is requested from the current child.
  func receive(_ input: Inner.Output, at index: Int) -> Subscribers.Demand {
    let thread = ThreadIdentity.current
    let effects = state.withLock { $0.receive(input, from: index, on: thread) }
    guard let event = effects.deliver else {
      driver.carryOut(effects, from: thread)
      return .none
    }
    let more = event.send(to: downstream)
    let next = state.withLock { state in
      if more != .none { _ = state.request(more) }
      return state.delivery.next(from: thread)
    }
    driver.run(next, from: thread)
    return more
  }

  func receive(completion: Subscribers.Completion<Failure>, at index: Int) {
    let thread = ThreadIdentity.current
    driver.carryOut(
      state.withLock { $0.childCompleted(at: index, with: completion, from: thread) },
      from: thread)
  }

  // MARK: Downstream events

  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    state.withLock { $0.request(demand) }?.request(demand)
  }

  func cancel() {
    let (cancel, released) = state.withLock { $0.cancel() }
    _ = released  // released outside the lock
    for subscription in cancel { subscription.cancel() }
  }
}

extension SwitchToLatestStateMachine: DownstreamDriverState {
  /// Demand the downstream returns passes to the current child.
  mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity) -> UpstreamCalls? {
    request(more).map(UpstreamCalls.request)
  }
}
