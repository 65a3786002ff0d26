/// A call an operator makes to its downstream: a value, or the completion.
///
/// Operators that several threads may feed queue these in their `SerialDelivery`, so that the
/// runner makes the calls one at a time, in order, with no lock held.
@usableFromInline
enum DownstreamEvent<Output, Failure: Error> {
  case value(Output)
  case completion(Subscribers.Completion<Failure>)

  /// Makes the call; returns the demand the downstream returned (`.none` for the completion).
  @inlinable
  func send<Downstream: Subscriber>(to downstream: Downstream) -> Subscribers.Demand
  where Downstream.Input == Output, Downstream.Failure == Failure {
    switch self {
    case .value(let value): return downstream.receive(value)
    case .completion(let completion):
      downstream.receive(completion: completion)
      return .none
    }
  }
}

/// What an event leads to in an operator that several threads may feed, decided under its
/// lock and done once the lock is released: the event the caller delivers as the runner, the
/// drainer to schedule, the calls to the upstreams, and what to release.
@usableFromInline
struct OperatorEffects<Output, Failure: Error, Released> {
  @usableFromInline typealias Event = DownstreamEvent<Output, Failure>

  /// The event the caller delivers now: it is the runner.
  @usableFromInline var deliver: Event?
  /// Whether the caller schedules a drainer for the events that wait.
  @usableFromInline var schedulesDrainer = false
  /// Upstreams to ask for more.
  @usableFromInline var requests: [(any Subscription, Subscribers.Demand)] = []
  /// Upstreams to cancel.
  @usableFromInline var cancel: [any Subscription] = []
  /// What to release outside the lock.
  @usableFromInline var released: [Released] = []

  @inlinable init() {}

  /// Whether there is nothing to do.
  @inlinable
  var isEmpty: Bool {
    deliver == nil && !schedulesDrainer && requests.isEmpty && cancel.isEmpty && released.isEmpty
  }

  /// Hands `event` to `delivery`, as sent by `thread`: the caller delivers it, or it waits.
  @inlinable
  mutating func submit(
    _ event: Event, to delivery: inout SerialDelivery<Event>, from thread: ThreadIdentity
  ) {
    switch delivery.submit(event, from: thread) {
    case .deliver(let event): deliver = event
    case .waits: break
    case .scheduleDrainer: schedulesDrainer = true
    }
  }

  /// Cancels and asks the upstreams, as decided; the caller then delivers.
  @inlinable
  func callUpstreams() {
    for subscription in cancel { subscription.cancel() }
    for (subscription, demand) in requests { subscription.request(demand) }
  }
}
