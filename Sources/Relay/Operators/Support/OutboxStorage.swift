/// The subscription of an operator that delivers through an `Outbox`: it takes the lock,
/// asks its state machine what to do, releases the lock, and then calls the downstream or the
/// upstreams.
///
/// The downstream is called by one thread at a time, the one holding the `Outbox` token; values
/// that other threads produce meanwhile wait in order. `cancel()` never waits for a call in
/// progress on another thread; once it returns, the downstream receives at most one more call,
/// which another thread had already set out to make.
@usableFromInline
protocol OutboxStorage: Subscription, OutboxDelivering
where
  Machine.Output == DeliveredOutput, Machine.Failure == DeliveredFailure,
  Downstream.Input == DeliveredOutput, Downstream.Failure == DeliveredFailure
{
  associatedtype Machine: OutboxStateMachine
  associatedtype Downstream: Subscriber

  var downstream: Downstream { get }
  var state: Lock<Machine> { get }

  /// After a call to the downstream that returned `more`: settles it under the lock, makes
  /// the calls to the upstreams it leads to, and returns the token holder's next step.
  func settleDelivery(asking more: Subscribers.Demand) -> Machine.Step
}

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
}

extension OutboxStorage {
  /// Asks a subscription that arrived for `demand` (nothing for `.none`), or cancels it when
  /// `demand` is `nil`.
  @inlinable
  func accept(_ subscription: any Subscription, asking demand: Subscribers.Demand?) {
    guard let demand else { return subscription.cancel() }
    if demand != .none { subscription.request(demand) }
  }

  /// Does what an event led to: calls the upstreams, then delivers.
  @inlinable
  func perform<Released>(_ effects: OutboxEffects<DeliveredOutput, DeliveredFailure, Released>) {
    effects.callUpstreams()
    if let event = effects.deliver { deliver(event) }
  }

  /// Calls the downstream with one event, then settles what it asked for.
  @inlinable
  func deliverOne(_ event: Machine.Event) -> Machine.Step {
    settleDelivery(asking: callDownstream(with: event))
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
  func drainerStarts() -> Machine.Step { state.withLock { $0.outbox.drainerStarts() } }

  @inlinable
  func cancel() {
    let (cancel, released) = state.withLock { $0.cancel() }
    _ = released  // released outside the lock
    for subscription in cancel { subscription.cancel() }
  }
}
