/// The rules of `flatMap` and `switchToLatest` for the publishers they subscribe to, which
/// they number in the order they make them.
@usableFromInline
protocol InnerPublisherStateMachine: OutboxStateMachine {
  /// The upstream's subscription, until it completes or is cancelled.
  var upstream: (any Subscription)? { get set }
  var upstreamSubscribed: Bool { get set }
  var upstreamFinished: Bool { get set }
  var isTerminated: Bool { get set }
  /// What to ask the upstream for when it subscribes.
  var upstreamDemand: Subscribers.Demand { get }

  /// Inner publisher `index`'s subscription arrived: returns the demand to ask it for
  /// (`.none` for nothing), or `nil` when it must be cancelled.
  mutating func childSubscribed(_ subscription: any Subscription, at index: Int)
    -> Subscribers.Demand?

  /// Inner publisher `index` completed.
  mutating func childCompleted(at index: Int, with completion: Subscribers.Completion<Failure>)
    -> Effects

  /// Finishes when the upstream finished and nothing else is left to deliver.
  mutating func finishIfDone(into effects: inout Effects)

  /// Hands over every child to cancel, and what waits for them to release.
  mutating func dropChildren(into effects: inout Effects)
}

extension InnerPublisherStateMachine {
  /// What an event leads to, to do once the lock is released, with what the machine no
  /// longer keeps (subscriptions, waiting values: their deinit may release user values, never
  /// under the lock).
  @usableFromInline typealias Effects = OutboxEffects<Output, Failure, Any>

  /// The upstream's subscription arrived: returns what to ask it for, or `nil` when it must
  /// be cancelled.
  @inlinable
  mutating func upstreamSubscribed(_ subscription: any Subscription) -> Subscribers.Demand? {
    guard !upstreamSubscribed, !isTerminated else { return nil }
    upstreamSubscribed = true
    upstream = subscription
    return upstreamDemand
  }

  /// The upstream completed: a failure ends everything, `.finished` once nothing is left.
  @inlinable
  mutating func upstreamCompleted(with completion: Subscribers.Completion<Failure>) -> Effects {
    var effects = Effects()
    guard !isTerminated, !upstreamFinished else { return effects }
    upstreamFinished = true
    if let upstream = upstream.take() { effects.released.append(upstream) }
    switch completion {
    case .finished: finishIfDone(into: &effects)
    case .failure: terminate(with: completion, into: &effects)
    }
    return effects
  }

  /// Ends with `completion`: queues it and cancels the upstream and every child.
  @inlinable
  mutating func terminate(
    with completion: Subscribers.Completion<Failure>, into effects: inout Effects
  ) {
    isTerminated = true
    if let now = outbox.deliverOrQueue(.completion(completion)) { effects.deliver = now }
    dropChildren(into: &effects)
    if let upstream = upstream.take() { effects.cancel.append(upstream) }
  }
}

/// The subscription of a `flatMap` or `switchToLatest`, which subscribes to the publishers
/// its upstream sends or makes.
///
/// It is itself the upstream's subscriber.
@usableFromInline
protocol InnerPublisherStorage: ChildSubscriberStorage, Subscriber
where Machine: InnerPublisherStateMachine, Failure == DeliveredFailure {}

extension InnerPublisherStorage {
  /// Hands the downstream this subscription, then subscribes to `upstream`.
  @inlinable
  func start<Upstream: Publisher>(with upstream: Upstream)
  where Upstream.Output == Input, Upstream.Failure == Failure {
    downstream.receive(subscription: self)
    upstream.subscribe(self)
  }

  @inlinable
  func receive(subscription: any Subscription) {
    accept(subscription, asking: state.withLock { $0.upstreamSubscribed(subscription) })
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    perform(state.withLock { $0.upstreamCompleted(with: completion) })
  }

  @inlinable
  func receive(subscription: any Subscription, at index: Int) {
    accept(subscription, asking: state.withLock { $0.childSubscribed(subscription, at: index) })
  }

  @inlinable
  func receive(completion: Subscribers.Completion<DeliveredFailure>, at index: Int) {
    perform(state.withLock { $0.childCompleted(at: index, with: completion) })
  }
}
