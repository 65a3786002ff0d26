/// The subscription of a `zip`: it takes the lock, asks the state machine what to do,
/// releases the lock, and then calls the downstream or the upstreams.
///
/// The downstream is called by one thread at a time, the runner of the state machine's
/// `SerialDelivery`, through the `DownstreamDriver`; tuples other threads complete meanwhile wait in order, and a drainer on a
/// global queue delivers them. `cancel()` never waits for a call in progress on another thread;
/// once it returns, no new call to the downstream starts.
final class ZipStorage<Slots: TupleSlots, Downstream: Subscriber>: Subscription,
  CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Slots.Output {
  // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
  // the runner of `state.delivery`.
  typealias Machine = ZipStateMachine<Slots, Downstream.Failure>
  typealias Event = Machine.Event

  /// The subscriber a `zip` attaches to upstream `index`, which queues its values with
  /// `store`.
  struct Child<Input>: Subscriber {
    typealias Failure = Downstream.Failure

    let storage: ZipStorage
    let index: Int
    let store: (inout Slots, Input) -> Void

    func receive(subscription: any Subscription) {
      storage.receive(subscription: subscription, at: index)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      storage.receive(input, at: index, store: store)
      return .none
    }

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

  /// `Zip`, as Combine names it in `print`'s log.
  var description: String { "Zip" }

  // MARK: Upstream events

  func receive(subscription: any Subscription, at index: Int) {
    guard let demand = state.withLock({ $0.subscribed(subscription, at: index) }) else {
      return subscription.cancel()
    }
    if demand != .none { subscription.request(demand) }
  }

  func receive<Input>(_ input: Input, at index: Int, store: (inout Slots, Input) -> Void) {
    // When the zip has ended, the value stays here and is released when this returns:
    // outside the lock.
    let thread = ThreadIdentity.current
    let effects = state.withLock { $0.receive(at: index, from: thread) { store(&$0, input) } }
    driver.carryOut(effects, from: thread)
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

extension ZipStateMachine: DownstreamDriverState {
  mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity) -> UpstreamCalls? {
    request(more, from: thread).upstreamCalls
  }
}
