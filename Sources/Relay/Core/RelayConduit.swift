/// The subscription a relay gives each subscriber.
///
/// It holds no state of its own: its id names the subscriber in the relay's state machine.
@usableFromInline
final class RelayConduit<Output>: Subscription, CustomStringConvertible, Sendable {
  @usableFromInline let core: RelayCore<Output>
  @usableFromInline let id: UInt64

  @inlinable init(core: RelayCore<Output>, id: UInt64) {
    self.core = core
    self.id = id
  }

  /// The name `print` shows, the same as Combine's subjects so that logs read alike.
  @usableFromInline var description: String { core.subscriptionName }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    core.request(demand, for: id)
  }

  @inlinable
  func cancel() { core.cancel(id) }
}
