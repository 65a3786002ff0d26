/// The subscription of an operator that subscribes to several publishers and numbers them:
/// `merge` its upstreams, `flatMap` and `switchToLatest` the publishers they make or receive.
@usableFromInline
protocol ChildSubscriberStorage: OutboxStorage {
  /// Publisher `index`'s subscription arrived.
  func receive(subscription: any Subscription, at index: Int)
  /// Publisher `index`'s value; returns the demand to return to it.
  func receive(_ input: DeliveredOutput, at index: Int) -> Subscribers.Demand
  /// Publisher `index` completed.
  func receive(completion: Subscribers.Completion<DeliveredFailure>, at index: Int)
}

/// The subscriber such an operator attaches to publisher `index`.
@usableFromInline
struct ChildSubscriber<Storage: ChildSubscriberStorage>: Subscriber {
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
    storage.receive(subscription: subscription, at: index)
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand { storage.receive(input, at: index) }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, at: index)
  }
}
