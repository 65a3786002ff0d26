/// The subscriber behind one subscription, as the relay's registry keeps it: whether it was
/// cancelled and how to finish it, neither of which depends on the value's type.
///
/// The registry (`RelaySubscribers`, `RelaySubscriberList`) holds targets of this type, so that
/// it is compiled once for every relay rather than specialized for each value type; a round
/// calls the value-receiving `RelayTarget<Output>` it was given, through `receiver(_:)`. One
/// allocation per subscriber: `isCancelled` lives in the object.
@usableFromInline
class AnyRelayTarget: @unchecked Sendable {
  // The closure is a constant; `isCancelled` is atomic. `cancelledStorage` must stay the first
  // stored property (a subclass's come after it): it is `isCancelled`'s memory, never accessed
  // as a property after `init`.
  @usableFromInline final var cancelledStorage: Int
  @usableFromInline final let finish: () -> Void

  @inlinable
  init(finish: @escaping () -> Void) {
    // Not a default value, which a class that is not generic would call as a function.
    self.cancelledStorage = 0
    self.finish = finish
  }

  /// Set by `cancel()` before it returns; the deliverer checks it before each call, so that
  /// no call starts after a cancel it can see.
  @inlinable @inline(__always)
  final var isCancelled: AtomicWord<Bool> { AtomicWord(inStoredPropertiesOf: self) }

  /// Whether a cancel has been seen; a call decided before it may still be in progress.
  @inlinable
  final var wasCancelled: Bool { isCancelled.load(ordering: .acquiring) }

  /// Marks the target cancelled; returns whether it already was.
  @inlinable
  final func markCancelled() -> Bool {
    isCancelled.exchange(true, ordering: .acquiringAndReleasing)
  }

  /// The target as the relay of `Output` made it; every target of a relay is one.
  @inlinable @inline(__always)
  final func receiver<Output>(_: Output.Type) -> RelayTarget<Output> {
    unsafeDowncast(self, to: RelayTarget<Output>.self)
  }
}

/// The subscriber behind one subscription, as the delivery sequence calls it with a value.
///
/// The closures are made where the subscriber's type is known, so they run specialized code;
/// each captures one reference (the subscriber, or a sink's closures' object), which Swift keeps
/// as the closure's context without allocating one; the finishing closure's keeps the
/// subscriber alive as long as the target. The deliverer reaches a target through the round's subscriber list
/// without retaining it; the list owns it.
@usableFromInline
final class RelayTarget<Output>: AnyRelayTarget, @unchecked Sendable {
  /// Delivers a value, and answers the subscriber's further demand (which a round in which every
  /// subscriber has unlimited demand ignores).
  ///
  /// For a `Sink`, the sink's own closure (`Subscribers.Sink.receiverForRelay()`), which saves a
  /// call per subscriber per value.
  @usableFromInline let receive: (Output) -> Subscribers.Demand

  @inlinable
  init(
    receive: @escaping (Output) -> Subscribers.Demand, finish: @escaping () -> Void
  ) {
    self.receive = receive
    super.init(finish: finish)
  }
}
