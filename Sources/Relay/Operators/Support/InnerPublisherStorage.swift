/// The rules of `flatMap` and `switchToLatest` for the publishers they subscribe to, which
/// they number in the order they make them.
@usableFromInline
protocol InnerPublisherStateMachine: OutboxStateMachine {
  /// What a completion hands back, to release outside the lock.
  associatedtype Released

  /// Inner publisher `index`'s subscription arrived: returns the demand to ask it for
  /// (`.none` for nothing), or `nil` when it must be cancelled.
  mutating func childSubscribed(_ subscription: any Subscription, at index: Int)
    -> Subscribers.Demand?

  /// Inner publisher `index` completed.
  mutating func childCompleted(at index: Int, with completion: Subscribers.Completion<Failure>)
    -> OutboxEffects<Output, Failure, Released>
}

/// The subscription of a `flatMap` or `switchToLatest`, which subscribes to the publishers
/// its upstream sends or makes.
@usableFromInline
protocol InnerPublisherStorage: ChildSubscriberStorage
where Machine: InnerPublisherStateMachine {}

extension InnerPublisherStorage {
  @inlinable
  func receive(subscription: any Subscription, at index: Int) {
    accept(subscription, asking: state.withLock { $0.childSubscribed(subscription, at: index) })
  }

  @inlinable
  func receive(completion: Subscribers.Completion<DeliveredFailure>, at index: Int) {
    perform(state.withLock { $0.childCompleted(at: index, with: completion) })
  }
}
