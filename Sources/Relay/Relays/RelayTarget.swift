/// The subscriber behind one subscription, as the relay's registry keeps it: whether it was
/// cancelled, how to finish it, and how many of the relay's lists keep it, none of which depends
/// on the value's type.
///
/// The registry (`RelaySubscribers`, `RelaySubscriberList`) holds targets of this type, so that
/// it is compiled once for every relay rather than specialized for each value type; a round
/// calls the value-receiving `RelayTarget<Output>` it was given, through `receiver(_:)`.
///
/// The relay keeps a target through holds (`hold()`, `letGo()`), not plain retains: the target
/// is also the subscription its subscriber keeps, and keeps the subscriber in turn, so when the
/// relay lets go of it for the last time it drops its closures (`dropSubscriber()`), as a
/// Combine subject's subscription drops its subscriber once cancelled.
@usableFromInline
class AnyRelayTarget: @unchecked Sendable {
  // `stateStorage` is atomic: bit 0 says cancelled, the rest count the relay's holds, two
  // apiece. It must stay the first stored property (a subclass's come after it): it is
  // `state`'s memory, never accessed as a property after `init`. `finish` is cleared once, in
  // `dropSubscriber()`, after the relay's last hold, when no round can call it any more.
  @usableFromInline final var stateStorage: Int
  /// Delivers `.finished`; a closure that does nothing once the relay has let go.
  ///
  /// It keeps the subscriber (`RelayTarget.receive` does not), so dropping it lets the
  /// subscriber go. Not optional: an optional closure is stored in its most general form, and
  /// reading it wraps it in a thunk, an allocation.
  @usableFromInline @exclusivity(unchecked) final var finish: () -> Void

  @inlinable
  init(finish: @escaping () -> Void) {
    // Not a default value, which a class that is not generic would call as a function.
    self.stateStorage = 0
    self.finish = finish
  }

  /// Bit 0: cancelled; the rest: twice the number of the relay's holds.
  @inlinable @inline(__always)
  final var state: AtomicWord<Int> { AtomicWord(inStoredPropertiesOf: self) }

  /// Whether a cancel has been seen; a call decided before it may still be in progress.
  ///
  /// Set by `cancel()` before it returns; the deliverer checks it before each call, so that
  /// no call starts after a cancel it can see.
  @inlinable
  final var wasCancelled: Bool { state.load(ordering: .acquiring) & 1 != 0 }

  /// Marks the target cancelled; returns whether it already was.
  @inlinable
  final func markCancelled() -> Bool {
    state.bitwiseOr(1, ordering: .acquiringAndReleasing).oldValue & 1 != 0
  }

  /// The relay keeps the target once more (a list takes it); the first hold retains it.
  ///
  /// Taken under the relay's lock, from a reference the caller holds.
  @inlinable
  final func hold() {
    if state.wrappingAdd(2, ordering: .relaxed).oldValue >> 1 == 0 {
      _ = Unmanaged.passUnretained(self).retain()
    }
  }

  /// The relay lets go of one hold: after the last, the target drops its subscriber and is
  /// released.
  ///
  /// Outside any lock: the subscriber's deinit, or its closures', may run here.
  @inlinable
  final func letGo() {
    guard state.wrappingSubtract(2, ordering: .acquiringAndReleasing).oldValue >> 1 == 1 else {
      return
    }
    dropSubscriber()
    Unmanaged.passUnretained(self).release()
  }

  /// Lets go of the closure that keeps the subscriber: nothing calls the target any more.
  @usableFromInline
  final func dropSubscriber() { finish = {} }

  /// Delivers `.finished` to the subscriber; the caller holds the target, or never gave it to
  /// the relay.
  @inlinable @inline(__always)
  final func callFinish() { finish() }

  /// The target as the relay of `Output` made it; every target of a relay is one.
  @inlinable @inline(__always)
  final func receiver<Output>(_: Output.Type) -> RelayTarget<Output> {
    unsafeDowncast(self, to: RelayTarget<Output>.self)
  }
}

/// A relay's subscription, which is also the subscriber behind it as the delivery sequence
/// calls it with a value: one allocation per subscriber, not two.
///
/// The subscriber keeps it as its subscription (its id names the subscriber in the relay's
/// state machine); the relay's lists keep it as the target their rounds call. The closures are
/// made where the subscriber's type is known, so they run specialized code; each captures one
/// reference (the subscriber, or a sink's closures' object), which Swift keeps as the closure's
/// context without allocating one. The finishing closure's keeps the subscriber alive for as
/// long as the relay keeps the target: when the relay lets go (a cancel, the end), the target
/// drops both closures, so a subscriber that keeps its subscription after that does not keep
/// itself alive through it. The deliverer reaches a target through the round's subscriber list
/// without retaining it; the list holds it.
///
/// The subscription keeps the relay, as a Combine subject's subscription keeps its subject.
@usableFromInline
final class RelayTarget<Output>: AnyRelayTarget, Subscription, CustomStringConvertible,
  @unchecked Sendable
{
  /// Delivers a value, and answers the subscriber's further demand (which a round in which every
  /// subscriber has unlimited demand ignores).
  ///
  /// For a `Sink`, the sink's own closure (`Subscribers.Sink.receiverForRelay()`), which saves a
  /// call per subscriber per value, and keeps only the sink's closures, which the sink lets go
  /// of when it ends. For any other subscriber, a closure that reaches it without keeping it
  /// (`finish` keeps it): this one is constant, so a round calls it with no retain, and the
  /// relay's last hold can let the subscriber go by dropping `finish` alone.
  @usableFromInline let receive: (Output) -> Subscribers.Demand
  // Immutable; the storage is thread-safe, though a `ManagedBuffer` cannot say `Sendable`.
  @usableFromInline let storage: RelayStorage<Output>
  /// The subscriber's name in the relay's state machine.
  @usableFromInline let id: UInt64

  @inlinable
  init(
    storage: RelayStorage<Output>, id: UInt64,
    receive: @escaping (Output) -> Subscribers.Demand, finish: @escaping () -> Void
  ) {
    self.receive = receive
    self.storage = storage
    self.id = id
    super.init(finish: finish)
  }

  /// Hands the subscriber a value; a round calls it through a list that holds the target.
  @inlinable @inline(__always)
  func deliver(_ value: Output) -> Subscribers.Demand { receive(value) }

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

/// A subscriber of value type, kept by its target's finishing closure, which its receiving
/// closure reaches unretained.
@usableFromInline
final class RelaySubscriberBox<S> {
  @usableFromInline let subscriber: S

  @inlinable
  init(_ subscriber: S) { self.subscriber = subscriber }
}
