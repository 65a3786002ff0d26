/// The state a `debounce`, `throttle` or `delay` keeps under its lock: what they share is how
/// they take the upstream's subscription, deliver through `SerialDelivery`, settle demand and
/// cancel.
@usableFromInline
protocol TimedOperatorState {
  associatedtype Output
  associatedtype Failure: Error
  /// The values waiting for their time, handed back by a cancellation.
  associatedtype Held

  /// The upstream's subscription while it lasts: a completion ends it at once, though the
  /// completion itself may wait for its time.
  var status: OperatorStatus { get set }
  var isCancelled: Bool { get set }
  /// The downstream's events, delivered by one thread at a time.
  var delivery: SerialDelivery<DownstreamEvent<Output, Failure>> { get set }

  /// The downstream asked for `more`, or returned it from a call: counts it, or returns the
  /// upstream to pass it to.
  mutating func request(_ more: Subscribers.Demand) -> (any Subscription)?

  /// Empties what holds values and returns it, to release outside the lock.
  mutating func takeHeld() -> Held
}

extension TimedOperatorState {
  /// The answer to an event for the downstream, sent from `thread`.
  @usableFromInline
  typealias Submission = SerialDelivery<DownstreamEvent<Output, Failure>>.Submission

  /// Keeps the upstream's first subscription; returns false for any other, or after a
  /// cancellation.
  @inlinable
  mutating func accept(_ subscription: any Subscription) -> Bool {
    !isCancelled && status.accept(subscription)
  }

  /// Ends the link with the upstream and hands back its subscription, if it had one, for the
  /// caller to cancel or release outside the lock (its deinit may be anybody's code).
  @inlinable
  mutating func takeUpstream() -> (any Subscription)? { status.end().subscription }

  /// Hands an event for the downstream to the delivery, as sent by the current thread.
  @inlinable
  mutating func submit(_ event: DownstreamEvent<Output, Failure>) -> Submission {
    delivery.submit(event, from: ThreadIdentity.current)
  }

  /// The downstream cancelled: returns the upstream to cancel, and what to release outside
  /// the lock (the held values and the events that waited for delivery).
  @inlinable
  mutating func cancel() -> (
    upstream: (any Subscription)?,
    released: (Held, DeliveryQueue<SerialDelivery<DownstreamEvent<Output, Failure>>.Waiting>)
  ) {
    isCancelled = true
    return (takeUpstream(), (takeHeld(), delivery.removeAll()))
  }
}
