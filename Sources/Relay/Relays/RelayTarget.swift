/// The subscriber behind one subscription, as the delivery sequence calls it.
///
/// The closures are made where the subscriber's type is known, so they run specialized code.
/// The deliverer reaches a target through the round's subscriber list without retaining it;
/// the list owns it.
@usableFromInline
final class RelayTarget<Output>: @unchecked Sendable {
  // The closures are constants; `isCancelled` is atomic.
  @usableFromInline let receive: (Output) -> Subscribers.Demand
  /// Delivers a value in a round whose subscribers all have unlimited demand, where the demand
  /// a subscriber returns changes nothing.
  ///
  /// For a `Sink` it is the sink's own closure, which saves a call per subscriber per value.
  @usableFromInline let receiveIgnoringDemand: (Output) -> Void
  @usableFromInline let finish: () -> Void
  /// Set by `cancel()` before it returns; the deliverer checks it before each call, so that
  /// no call starts after a cancel it can see.
  @usableFromInline let isCancelled = AtomicWord(false)

  @inlinable
  init(
    receive: @escaping (Output) -> Subscribers.Demand,
    receiveIgnoringDemand: @escaping (Output) -> Void, finish: @escaping () -> Void
  ) {
    self.receive = receive
    self.receiveIgnoringDemand = receiveIgnoringDemand
    self.finish = finish
  }

  deinit { isCancelled.deallocate() }

  /// Whether a cancel has been seen; a call decided before it may still be in progress.
  @inlinable
  var wasCancelled: Bool { isCancelled.load(ordering: .acquiring) }

  /// Marks the target cancelled; returns whether it already was.
  @inlinable
  func markCancelled() -> Bool { isCancelled.exchange(true, ordering: .acquiringAndReleasing) }
}
