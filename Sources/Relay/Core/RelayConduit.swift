import Synchronization

/// The subscription a relay gives each subscriber.
///
/// Its mutable fields belong to the relay's state machine and are read and written only under
/// the relay's lock; `isCancelled` mirrors `phase == .cancelled` for the deliverer, which
/// checks it without the lock before each call.
@usableFromInline
final class RelayConduit<Output>: Subscription, CustomStringConvertible, @unchecked Sendable {
  @usableFromInline
  enum Phase { case pending, attached, cancelled }

  @usableFromInline let core: RelayCore<Output>
  @usableFromInline let isCancelled = Atomic<Bool>(false)
  // Guarded by `core`'s lock, so the dynamic exclusivity checks are redundant:
  @exclusivity(unchecked) @usableFromInline var phase = Phase.pending
  @exclusivity(unchecked) @usableFromInline var demand = Subscribers.Demand.none
  @exclusivity(unchecked) @usableFromInline var owesCurrentValue = false
  @exclusivity(unchecked) @usableFromInline var currentValueQueued = false

  @inlinable init(core: RelayCore<Output>) { self.core = core }

  /// The name `print` shows, the same as Combine's subjects so that logs read alike.
  @usableFromInline var description: String { core.subscriptionName }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    core.request(demand, for: self)
  }

  @inlinable
  func cancel() { core.cancel(self) }
}
