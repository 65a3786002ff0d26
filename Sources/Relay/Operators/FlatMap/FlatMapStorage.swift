/// The subscription of a `flatMap`, and its upstream's subscriber: it takes the lock, asks the
/// state machine what to do, releases the lock, and then calls the downstream, the upstream or
/// the children (the publishers it made).
///
/// The downstream is called by one thread at a time, the runner of the state machine's
/// `SerialDelivery`, through the `DownstreamDriver`; values other threads send meanwhile wait in order, and a drainer on a
/// global queue delivers them. `cancel()` never waits for a call in progress on another thread;
/// once it returns, the downstream receives at most one more call, which another thread had
/// already set out to make.
final class FlatMapStorage<Input, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber,
  Subscription, CustomStringConvertible, @unchecked Sendable
where Downstream.Input == NewPublisher.Output, Downstream.Failure == NewPublisher.Failure {
  // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
  // the runner of `state.delivery`; `transform` by the upstream's serial calls.
  typealias Failure = NewPublisher.Failure
  typealias Machine = FlatMapStateMachine<NewPublisher.Output, Failure>
  typealias Event = Machine.Event

  /// The subscriber a `flatMap` attaches to the publisher it made `index`-th.
  struct Child: Subscriber {
    typealias Input = NewPublisher.Output
    typealias Failure = NewPublisher.Failure

    let storage: FlatMapStorage
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
  let transform: (Input) -> NewPublisher
  var downstream: Downstream { driver.downstream }
  var state: Lock<Machine> { driver.state }

  init(
    downstream: Downstream, maxPublishers: Subscribers.Demand,
    transform: @escaping (Input) -> NewPublisher
  ) {
    driver = DownstreamDriver(downstream: downstream, state: Machine(maxPublishers: maxPublishers))
    self.transform = transform
  }

  /// `FlatMap`, as Combine names it in `print`'s log.
  var description: String { "FlatMap" }

  /// Hands the downstream this subscription, then subscribes to `upstream`.
  func start<Upstream: Publisher>(with upstream: Upstream)
  where Upstream.Output == Input, Upstream.Failure == Failure {
    downstream.receive(subscription: self)
    upstream.subscribe(self)
  }

  // MARK: Upstream events

  func receive(subscription: any Subscription) {
    guard let demand = state.withLock({ $0.upstreamSubscribed(subscription) }) else {
      return subscription.cancel()
    }
    if demand != .none { subscription.request(demand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard state.withLock({ !$0.isTerminated }) else { return .none }
    let publisher = transform(input)
    guard let index = state.withLock({ $0.makeChild() }) else { return .none }
    publisher.subscribe(Child(storage: self, index: index))
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

  func receive(_ input: NewPublisher.Output, at index: Int) -> Subscribers.Demand {
    let thread = ThreadIdentity.current
    let (effects, demand) = state.withLock { $0.receive(input, from: index, on: thread) }
    driver.carryOut(effects, from: thread)
    return demand
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
    let thread = ThreadIdentity.current
    driver.carryOut(state.withLock { $0.request(demand, from: thread) }, from: thread)
  }

  func cancel() {
    let (cancel, released) = state.withLock { $0.cancel() }
    _ = released  // released outside the lock
    for subscription in cancel { subscription.cancel() }
  }
}

extension FlatMapStateMachine: DownstreamDriverState {
  mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity) -> UpstreamCalls? {
    request(more, from: thread).upstreamCalls
  }
}
