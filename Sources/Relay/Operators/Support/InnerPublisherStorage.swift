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
protocol InnerPublisherStorage: OutboxStorage where Machine: InnerPublisherStateMachine {
  /// Inner publisher `index`'s value; returns the demand to return to it.
  func childReceive(_ input: DeliveredOutput, at index: Int) -> Subscribers.Demand
}

extension InnerPublisherStorage {
  @inlinable
  func childReceive(subscription: any Subscription, at index: Int) {
    guard let demand = state.withLock({ $0.childSubscribed(subscription, at: index) }) else {
      return subscription.cancel()
    }
    if demand != .none { subscription.request(demand) }
  }

  @inlinable
  func childReceive(completion: Subscribers.Completion<DeliveredFailure>, at index: Int) {
    perform(state.withLock { $0.childCompleted(at: index, with: completion) })
  }
}

/// The subscriber a `flatMap` or `switchToLatest` attaches to a publisher it subscribes to.
@usableFromInline
struct InnerPublisherSubscriber<Storage: InnerPublisherStorage>: Subscriber {
  @usableFromInline typealias Input = Storage.DeliveredOutput
  @usableFromInline typealias Failure = Storage.DeliveredFailure

  @usableFromInline let storage: Storage
  @usableFromInline let index: Int

  @inlinable
  init(storage: Storage, index: Int) {
    self.storage = storage
    self.index = index
  }

  @inlinable
  func receive(subscription: any Subscription) {
    storage.childReceive(subscription: subscription, at: index)
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand { storage.childReceive(input, at: index) }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    storage.childReceive(completion: completion, at: index)
  }
}
