/// The state a `debounce`, `throttle` or `delay` keeps under its lock: what it shares is how
/// it takes its upstream's subscription, settles demand and cancels.
@usableFromInline
protocol TimedOperatorState: OutboxStateMachine
where CancelReleased == (Held, DeliveryQueue<Outbox<Output, Failure>.Waiting>) {
  /// The values waiting for their time, handed back by a cancellation.
  associatedtype Held

  var status: TimedUpstreamStatus { get set }
  var isCancelled: Bool { get set }

  /// The downstream asked for `more`, or returned it from a call: counts it, or returns the
  /// upstream to pass it to.
  mutating func request(_ more: Subscribers.Demand) -> (any Subscription)?

  /// Empties what holds values and returns it, to release outside the lock.
  mutating func takeHeld() -> Held
}

extension TimedOperatorState {
  /// Keeps the upstream's first subscription; returns false for any other, or after a
  /// cancellation.
  @inlinable
  mutating func accept(_ subscription: any Subscription) -> Bool {
    guard case .awaiting = status, !isCancelled else { return false }
    status = .subscribed(subscription)
    return true
  }

  /// Moves to `next` and hands back the upstream's subscription, if it had one, for the
  /// caller to cancel or release outside the lock (its deinit may be anybody's code).
  @inlinable
  mutating func takeUpstream(moving next: TimedUpstreamStatus) -> (any Subscription)? {
    defer { status = next }
    if case .subscribed(let upstream) = status { return upstream }
    return nil
  }

  /// The downstream cancelled: returns the upstream to cancel, and what to release outside
  /// the lock.
  @inlinable
  mutating func cancel() -> (
    cancel: [any Subscription], released: (Held, DeliveryQueue<Outbox<Output, Failure>.Waiting>)
  ) {
    isCancelled = true
    let cancel = takeUpstream(moving: .terminated).map { [$0] } ?? []
    return (cancel, (takeHeld(), outbox.removeAll()))
  }
}
