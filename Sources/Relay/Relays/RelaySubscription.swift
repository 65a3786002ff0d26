/// The subscription a relay gives each subscriber.
///
/// It holds no state of its own: its id names the subscriber in the relay's state machine.
@usableFromInline
final class RelaySubscription<Output>: Subscription, CustomStringConvertible, @unchecked Sendable {
  // Immutable; the storage is thread-safe, though a `ManagedBuffer` cannot say `Sendable`.
  @usableFromInline let storage: RelayStorage<Output>
  @usableFromInline let id: UInt64

  @inlinable init(storage: RelayStorage<Output>, id: UInt64) {
    self.storage = storage
    self.id = id
  }

  /// The name `print` shows, the same as Combine's subjects so that logs read alike.
  @usableFromInline var description: String { storage.subscriptionName }

  @usableFromInline
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    storage.request(demand, for: id)
  }

  @usableFromInline
  func cancel() { storage.cancel(id) }
}

/// What a relay's subscriptions print as: the Combine publisher the relay stands for, so that
/// logs read alike.
@usableFromInline
enum RelaySubscriptionName: UInt8, CustomStringConvertible {
  case currentValueSubject, passthroughSubject, singleReplay

  @usableFromInline
  var description: String {
    switch self {
    case .currentValueSubject: "CurrentValueSubject"
    case .passthroughSubject: "PassthroughSubject"
    case .singleReplay: "SingleReplay"
    }
  }
}
