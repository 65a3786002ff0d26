/// What an event leads to in an operator that delivers through an `Outbox`, decided under
/// its lock and done once the lock is released.
@usableFromInline
struct OutboxEffects<Output, Failure: Error, Released> {
  /// The event to deliver now, with the delivery token.
  @usableFromInline var deliver: Outbox<Output, Failure>.Event?
  /// Upstreams to ask for more.
  @usableFromInline var requests: [(any Subscription, Subscribers.Demand)] = []
  /// Upstreams to cancel.
  @usableFromInline var cancel: [any Subscription] = []
  /// What to release outside the lock.
  @usableFromInline var released: [Released] = []

  @inlinable init(deliver: Outbox<Output, Failure>.Event? = nil) { self.deliver = deliver }

  /// The effects, or `nil` when there is nothing to do.
  @inlinable var unlessEmpty: Self? {
    deliver == nil && requests.isEmpty && cancel.isEmpty && released.isEmpty ? nil : self
  }

  /// Cancels and asks the upstreams, as decided; the caller delivers `deliver`.
  @inlinable
  func callUpstreams() {
    for subscription in cancel { subscription.cancel() }
    for (subscription, demand) in requests { subscription.request(demand) }
  }
}
