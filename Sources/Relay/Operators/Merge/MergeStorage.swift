/// The subscription of a `merge`: it takes the lock, asks the state machine what to do,
/// releases the lock, and then calls the downstream or the upstreams.
///
/// The downstream is called by one thread at a time, the runner of the state machine's
/// `SerialDelivery`, through the `DownstreamDriver`; values other threads send meanwhile wait in
/// order, and a drainer on a global queue delivers them. `cancel()` never waits for a call in
/// progress on another thread; once it returns, the downstream receives at most one more call,
/// which another thread had already set out to make.
final class MergeStorage<Downstream: Subscriber>: Subscription, CustomStringConvertible,
  @unchecked Sendable
{
  // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
  // the runner of `state.delivery`.
  typealias Machine = MergeStateMachine<Downstream.Input, Downstream.Failure>
  typealias Event = Machine.Event

  /// The subscriber a `merge` attaches to upstream `index`.
  struct Child: Subscriber {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    let storage: MergeStorage
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

  init(downstream: Downstream, count: Int) {
    driver = DownstreamDriver(downstream: downstream, state: Machine(count: count))
  }

  /// `Merge`, as Combine names it in `print`'s log.
  var description: String { "Merge" }

  /// Subscribes the downstream, then each upstream in order.
  func start<P: Publisher>(_ upstreams: [P])
  where P.Output == Downstream.Input, P.Failure == Downstream.Failure {
    downstream.receive(subscription: self)
    for (index, upstream) in upstreams.enumerated() {
      upstream.subscribe(Child(storage: self, index: index))
    }
  }

  /// Makes the subscription of `downstream` and hands it over, then subscribes to each
  /// upstream in order with its `subscribe` method: the upstreams of a `Merge`, `Merge3` or
  /// `Merge4`, of different types.
  static func start(_ downstream: Downstream, _ subscribe: ((Child) -> Void)...) {
    let storage = MergeStorage(downstream: downstream, count: subscribe.count)
    downstream.receive(subscription: storage)
    for (index, subscribe) in subscribe.enumerated() {
      subscribe(Child(storage: storage, index: index))
    }
  }

  // MARK: Upstream events

  func receive(subscription: any Subscription, at index: Int) {
    guard let demand = state.withLock({ $0.subscribed(subscription, at: index) }) else {
      return subscription.cancel()
    }
    if demand != .none { subscription.request(demand) }
  }

  func receive(_ input: Downstream.Input, at index: Int) -> Subscribers.Demand {
    let thread = ThreadIdentity.current
    let (effects, demand, replaced) = state.withLock { $0.receive(input, at: index, from: thread) }
    _ = replaced  // released outside the lock
    driver.carryOut(effects, from: thread)
    return demand
  }

  func receive(completion: Subscribers.Completion<Downstream.Failure>, at index: Int) {
    let thread = ThreadIdentity.current
    driver.carryOut(
      state.withLock { $0.complete(at: index, with: completion, from: thread) }, from: thread)
  }

  // MARK: Downstream events

  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    let thread = ThreadIdentity.current
    driver.carryOut(state.withLock { $0.request(demand, from: thread) }, from: thread)
  }

  func cancel() {
    let (cancel, released) = state.withLock { $0.cancel() }
    _ = released  // released outside the lock
    for subscription in cancel { subscription.cancel() }
  }
}

extension MergeStateMachine: DownstreamDriverState {
  mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity) -> UpstreamCalls? {
    request(more, from: thread).upstreamCalls
  }
}
