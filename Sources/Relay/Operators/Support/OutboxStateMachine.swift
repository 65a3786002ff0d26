/// The rules of an operator that delivers through an `Outbox`, as a value with no locks and
/// no threads: what its storage needs to deliver, drain and cancel the same way as the others.
@usableFromInline
protocol OutboxStateMachine {
  associatedtype Output
  associatedtype Failure: Error
  /// What a cancellation hands back, to release outside the lock.
  associatedtype CancelReleased

  var outbox: Outbox<Output, Failure> { get set }

  /// The downstream cancelled: returns the upstreams to cancel, and what to release outside
  /// the lock.
  mutating func cancel() -> (cancel: [any Subscription], released: CancelReleased)
}

extension OutboxStateMachine {
  @usableFromInline typealias Step = Outbox<Output, Failure>.Step
  @usableFromInline typealias Event = Outbox<Output, Failure>.Event
}
