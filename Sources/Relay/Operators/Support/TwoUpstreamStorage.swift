/// The subscription of a `catch` or `concatenate`: the downstream is called by the first
/// upstream's calls, then by the second's, which start only after the first ended.
///
/// It is itself the second upstream's subscriber, whose types are the downstream's; a
/// `FirstUpstreamSubscriber` passes the first upstream's calls to it.
@usableFromInline
protocol TwoUpstreamStorage: Subscription, Subscriber
where Input == Downstream.Input, Failure == Downstream.Failure {
  associatedtype State: TwoUpstreamState
  associatedtype Downstream: Subscriber
  /// How the first upstream fails.
  associatedtype FirstFailure: Error

  var downstream: Downstream { get }
  var state: Lock<State> { get }

  /// The first upstream's value.
  func firstReceive(_ input: Downstream.Input) -> Subscribers.Demand
  /// The first upstream completed.
  func firstReceive(_ completion: Subscribers.Completion<FirstFailure>)
}

extension TwoUpstreamStorage {
  @inlinable
  func firstReceive(_ subscription: any Subscription) {
    let accepted = state.withLock { state in
      guard case .awaitingFirst = state.phase else { return false }
      state.phase = .first(subscription)
      return true
    }
    guard accepted else { return subscription.cancel() }
    downstream.receive(subscription: self)
  }

  /// Passes a first upstream's value that the caller counted against the demand, then
  /// counts what the downstream asks for.
  @inlinable
  func forwardCounted(_ input: Downstream.Input) -> Subscribers.Demand {
    let more = downstream.receive(input)
    if more != .none { state.withLock { $0.demand += more } }
    return more
  }

  /// The second upstream subscribed: asks it for what the downstream is still owed.
  @inlinable
  func receive(subscription: any Subscription) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard case .awaitingSecond = state.phase else { return nil }
      state.phase = .second(subscription)
      return state.demand
    }
    guard let demand else { return subscription.cancel() }
    if demand != .none { subscription.request(demand) }
  }

  /// The second upstream's value.
  @inlinable
  func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    guard state.withLock({ if case .second = $0.phase { true } else { false } }) else {
      return .none
    }
    return downstream.receive(input)
  }

  /// The second upstream completed.
  @inlinable
  func receive(completion: Subscribers.Completion<Downstream.Failure>) {
    let (old, kept) = state.withLock { $0.end() }
    _ = kept  // released outside the lock
    guard case .second = old else { return }
    downstream.receive(completion: completion)
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    let upstream = state.withLock { state -> (any Subscription)? in
      switch state.phase {
      case .first(let upstream):
        state.demand += demand
        return upstream
      case .awaitingFirst, .awaitingSecond:
        state.demand += demand
        return nil
      case .second(let upstream): return upstream
      case .terminated: return nil
      }
    }
    upstream?.request(demand)
  }

  @inlinable
  func cancel() {
    let (old, kept) = state.withLock { $0.end() }
    _ = kept  // released outside the lock
    old.upstream?.cancel()
  }
}

/// The subscriber a `catch` or `concatenate` attaches to its first upstream.
@usableFromInline
struct FirstUpstreamSubscriber<Storage: TwoUpstreamStorage>: Subscriber {
  @usableFromInline typealias Input = Storage.Downstream.Input
  @usableFromInline typealias Failure = Storage.FirstFailure

  @usableFromInline let storage: Storage

  @inlinable init(storage: Storage) { self.storage = storage }

  @inlinable
  func receive(subscription: any Subscription) { storage.firstReceive(subscription) }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand { storage.firstReceive(input) }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) { storage.firstReceive(completion) }
}
