/// The subscription of an operator that delivers through an `Outbox` (`debounce`, `throttle`,
/// `delay`): it takes the lock, asks its state machine what to do, releases the lock, and then
/// calls the downstream or the upstream.
///
/// The downstream is called by one thread at a time, the one holding the `Outbox` token; values
/// that other threads produce meanwhile wait in order, for a drainer that `scheduleDrainer` runs
/// (`TimedOperatorStorage` runs it on the operator's scheduler). `cancel()` never waits for a
/// call in progress on another thread; once it returns, the downstream receives at most one
/// more call, which another thread had already set out to make.
@usableFromInline
protocol OutboxStorage: Subscription, AnyObject, Sendable
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  associatedtype Machine: OutboxStateMachine
  associatedtype Downstream: Subscriber

  var downstream: Downstream { get }
  var state: Lock<Machine> { get }

  /// After a call to the downstream that returned `more`: settles it under the lock, makes
  /// the calls to the upstreams it leads to, and returns the token holder's next step.
  func settleDelivery(asking more: Subscribers.Demand) -> Machine.Step

  /// Runs the drainer's block.
  func scheduleDrainer(_ drain: @escaping () -> Void)
}

/// How many events the drainer delivers before it yields its thread and continues in a new
/// block.
@usableFromInline let outboxDrainerBudget = 64

extension OutboxStorage {
  /// Settles the demand a downstream returned, makes the upstream calls that leads to, and
  /// only then takes the token holder's next step.
  ///
  /// A cancel made from inside one of those calls on this thread empties the outbox first, so
  /// no delivery starts after it returns. With no call to make, the step is taken under the
  /// same lock.
  ///
  /// - Parameters:
  ///   - more: What the downstream returned.
  ///   - request: Under the lock, adds `more` to the demand; returns the upstream calls to
  ///     make, or `nil` when there are none.
  ///   - perform: Makes those calls, with no lock held.
  @inlinable
  func settle<Calls>(
    _ more: Subscribers.Demand, by request: (inout Machine) -> Calls?,
    then perform: (Calls) -> Void
  ) -> Machine.Step {
    let (step, calls) = state.withLock { state -> (Machine.Step?, Calls?) in
      if more != .none, let calls = request(&state) { return (nil, calls) }
      return (state.outbox.step(), nil)
    }
    guard let calls else { return step! }
    perform(calls)
    return state.withLock { $0.outbox.step() }
  }

  /// Delivers `first`, then what its delivery caused; hands other threads' events to the
  /// drainer.
  ///
  /// Only the token's holder calls it.
  @inlinable
  func deliver(_ first: Machine.Event) {
    run(first, isDrainer: false)
  }

  @inlinable
  func run(_ first: Machine.Event, isDrainer: Bool) {
    var event = first
    var budget = outboxDrainerBudget
    while true {
      switch settleDelivery(asking: callDownstream(with: event)) {
      case .deliver(let next):
        if isDrainer {
          budget -= 1
          if budget == 0 {
            let handOver = ScheduledAction { self.run(next, isDrainer: true) }
            return scheduleDrainer(handOver.run)
          }
        }
        event = next
      case .handOff:
        return scheduleDrainer { self.drain() }
      case .idle:
        return
      }
    }
  }

  /// The drainer's block.
  @inlinable
  func drain() {
    if case .deliver(let event) = state.withLock({ $0.outbox.drainerStarts() }) {
      run(event, isDrainer: true)
    }
  }

  /// Calls the downstream with one event; returns the demand it returned.
  @inlinable
  func callDownstream(with event: Machine.Event) -> Subscribers.Demand {
    switch event {
    case .value(let value): return downstream.receive(value)
    case .completion(let completion):
      downstream.receive(completion: completion)
      return .none
    }
  }

  @inlinable
  func cancel() {
    let (cancel, released) = state.withLock { $0.cancel() }
    _ = released  // released outside the lock
    for subscription in cancel { subscription.cancel() }
  }
}
