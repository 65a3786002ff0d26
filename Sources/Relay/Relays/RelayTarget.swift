/// The subscriber behind one subscription, as the delivery sequence calls it.
///
/// The closures are made where the subscriber's type is known, so they run specialized code;
/// each captures one reference (the subscriber), which Swift keeps as the closure's context
/// without allocating one. The deliverer reaches a target through the round's subscriber list
/// without retaining it; the list owns it. One allocation: `isCancelled` lives in the object.
@usableFromInline
final class RelayTarget<Output>: @unchecked Sendable {
  // The closures are constants; `isCancelled` is atomic. `cancelledStorage` must stay the first
  // stored property: it is `isCancelled`'s memory, never accessed as a property after `init`.
  @usableFromInline var cancelledStorage = 0
  @usableFromInline let receive: (Output) -> Subscribers.Demand
  /// Delivers a value in a round whose subscribers all have unlimited demand, where the demand
  /// a subscriber returns changes nothing.
  ///
  /// For a `Sink` it is the sink's own closure, which saves a call per subscriber per value.
  @usableFromInline let receiveIgnoringDemand: (Output) -> Void
  @usableFromInline let finish: () -> Void
  /// What `receiveIgnoringDemand` reaches without retaining it (a sink's closures), kept alive
  /// as long as the target.
  @usableFromInline let keptAlive: AnyObject?

  @inlinable
  init(
    receive: @escaping (Output) -> Subscribers.Demand,
    receiveIgnoringDemand: @escaping (Output) -> Void, keepingAlive keptAlive: AnyObject?,
    finish: @escaping () -> Void
  ) {
    self.receive = receive
    self.receiveIgnoringDemand = receiveIgnoringDemand
    self.keptAlive = keptAlive
    self.finish = finish
  }

  /// Set by `cancel()` before it returns; the deliverer checks it before each call, so that
  /// no call starts after a cancel it can see.
  @inlinable @inline(__always)
  var isCancelled: AtomicWord<Bool> { AtomicWord(inStoredPropertiesOf: self) }

  /// Whether a cancel has been seen; a call decided before it may still be in progress.
  @inlinable
  var wasCancelled: Bool { isCancelled.load(ordering: .acquiring) }

  /// Marks the target cancelled; returns whether it already was.
  @inlinable
  func markCancelled() -> Bool { isCancelled.exchange(true, ordering: .acquiringAndReleasing) }
}
