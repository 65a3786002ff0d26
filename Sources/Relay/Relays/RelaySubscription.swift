/// The subscription a relay gives each subscriber.
///
/// It holds no state of its own: its id names the subscriber in the relay's state machine.
@usableFromInline
final class RelaySubscription<Output>: Subscription, CustomStringConvertible, Sendable {
  @usableFromInline let storage: RelayStorage<Output>
  @usableFromInline let id: UInt64

  @inlinable init(storage: RelayStorage<Output>, id: UInt64) {
    self.storage = storage
    self.id = id
  }

  /// The name `print` shows, the same as Combine's subjects so that logs read alike.
  @usableFromInline var description: String { storage.subscriptionName }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    storage.request(demand, for: id)
  }

  @inlinable
  func cancel() { storage.cancel(id) }
}
