/// What the rules of `merge`, `zip` and `combineLatest` share, whatever waits between the
/// upstreams and the downstream: the upstreams' subscriptions, their completions and
/// cancellation.
@usableFromInline
protocol FanInStateMachine: OutboxStateMachine
where CancelReleased == ([Outbox<Output, Failure>.Waiting?], Values) {
  /// The values a cancellation hands back, to release outside the lock.
  associatedtype Values
  /// What an upstream's completion hands back, to release outside the lock.
  associatedtype Released

  var upstreams: FanInUpstreams { get set }
  /// A completion was queued or the downstream cancelled: nothing more is made.
  var isTerminated: Bool { get set }
  var isCancelled: Bool { get set }

  /// What an upstream is asked for when its subscription arrives.
  var demandForNewUpstream: Subscribers.Demand { get }

  /// Empties what holds values and returns it, to release outside the lock.
  mutating func takeValues() -> Values

  /// Upstream `index` completed.
  mutating func complete(at index: Int, with completion: Subscribers.Completion<Failure>)
    -> Effects
}

extension FanInStateMachine {
  /// What an event leads to, to do once the lock is released.
  @usableFromInline typealias Effects = OutboxEffects<Output, Failure, Released>

  /// An upstream's subscription arrived: returns the demand to ask it for (`.none` for
  /// nothing), or `nil` when it must be cancelled.
  @inlinable
  mutating func subscribed(_ subscription: any Subscription, at index: Int)
    -> Subscribers.Demand?
  {
    guard !isTerminated, upstreams.attach(subscription, at: index) else { return nil }
    return demandForNewUpstream
  }

  /// The downstream cancelled: returns the upstreams to cancel, and what to release outside
  /// the lock.
  @inlinable
  mutating func cancel() -> (
    cancel: [any Subscription], released: ([Outbox<Output, Failure>.Waiting?], Values)
  ) {
    guard !isCancelled else { return ([], ([], takeValues())) }
    isCancelled = true
    isTerminated = true
    let cancel = upstreams.removeAll().compactMap { $0 }
    return (cancel, (outbox.removeAll(), takeValues()))
  }
}

/// The rules of a `merge` or `zip`, whose requests, like every other event, return the calls
/// to make once the lock is released.
@usableFromInline
protocol FanInRequestStateMachine: FanInStateMachine {
  /// The downstream asked for `more`.
  mutating func request(_ more: Subscribers.Demand) -> Effects
}

extension FanInRequestStateMachine {
  /// The downstream returned from a call, asking for `more`: returns the calls to make. The
  /// token's holder is the one asking, so what the demand makes waits in the outbox.
  @inlinable
  mutating func requestWhileDelivering(_ more: Subscribers.Demand) -> Effects {
    let effects = request(more)
    assert(effects.deliver == nil, "a request from the token's holder delivered at once")
    return effects
  }
}
