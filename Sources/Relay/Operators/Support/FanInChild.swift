/// The subscription of a `zip` or `combineLatest`, whose upstreams store their values into
/// slots, one per upstream.
@usableFromInline
protocol FanInSlotStorage: FanInStorage {
  associatedtype Slots

  /// Upstream `index`'s value: `store` moves it from its second argument into the slots,
  /// leaving there what it replaced, if anything, to release outside the lock.
  func receive<Input>(_ input: Input, at index: Int, store: (inout Slots, inout Input?) -> Void)

  /// Upstream `index` completed.
  func receive(completion: Subscribers.Completion<DeliveredFailure>, at index: Int)
}

/// The subscriber a `zip` or `combineLatest` attaches to one of its upstreams.
@usableFromInline
struct FanInChild<Input, Storage: FanInSlotStorage>: Subscriber {
  @usableFromInline typealias Failure = Storage.DeliveredFailure

  @usableFromInline let storage: Storage
  @usableFromInline let index: Int
  @usableFromInline let store: (inout Storage.Slots, inout Input?) -> Void

  @inlinable
  init(storage: Storage, index: Int, store: @escaping (inout Storage.Slots, inout Input?) -> Void) {
    self.storage = storage
    self.index = index
    self.store = store
  }

  @inlinable
  func receive(subscription: any Subscription) {
    storage.receive(subscription: subscription, at: index)
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    storage.receive(input, at: index, store: store)
    return .none
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    storage.receive(completion: completion, at: index)
  }
}

extension FanInSlotStorage {
  /// The subscriber for upstream `index`, which stores its values with `store`.
  @inlinable
  func child<Input>(at index: Int, store: @escaping (inout Slots, inout Input?) -> Void)
    -> FanInChild<Input, Self>
  {
    FanInChild(storage: self, index: index, store: store)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<DeliveredFailure>, at index: Int) {
    perform(state.withLock { $0.complete(at: index, with: completion) })
  }
}
