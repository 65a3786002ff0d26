#if canImport(Combine)
  import Combine

  /// A cancellable that cancels when it is deinitialized: on platforms with Combine, Combine's
  /// own class.
  ///
  /// Every `sink` and `assign` of Relay returns one, so a `Set<AnyCancellable>` holds Relay's
  /// subscriptions beside Combine's.
  public typealias AnyCancellable = Combine.AnyCancellable
#else
  /// A cancellable that cancels when it is deinitialized; keep it to keep a subscription alive.
  ///
  /// ```swift
  /// var subscriptions = Set<AnyCancellable>()
  /// relay.sink { print($0) }.store(in: &subscriptions)
  /// ```
  ///
  /// `cancel()` may be called from any thread, once or many times: the wrapped action runs once.
  public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    // `cancelledStorage` must stay the first stored property: it is `cancelled`'s memory, never
    // accessed as a property after `init`. `action` is read and cleared once, by the one caller
    // that sets `cancelled` (the exchange orders it after `init`'s write); nobody else touches it.
    @usableFromInline var cancelledStorage: Int
    /// What a cancel runs, released once it has run.
    ///
    /// One closure, two words: the instance takes 40 bytes, 48 of heap. A closure that cancels
    /// an object of a type known where it is made captures only that reference, which Swift
    /// keeps as the closure's context, allocating none: the initializers are inlined, so that
    /// the type is known in the caller (a `sink`'s `Sink`, or the cancellable a user wraps).
    @usableFromInline var action: (() -> Void)?

    private var cancelled: AtomicWord<Bool> { AtomicWord(inStoredPropertiesOf: self) }

    /// Wraps a closure that runs on the first `cancel()` or on deinit.
    ///
    /// - Parameter cancel: The closure; it is released once it has run.
    @inlinable
    public init(_ cancel: @escaping () -> Void) {
      cancelledStorage = 0
      action = cancel
    }

    /// Wraps another cancellable, cancelled on the first `cancel()` or on deinit.
    ///
    /// - Parameter canceller: The cancellable; it is released once it has been cancelled.
    @inlinable
    public init<C: Cancellable>(_ canceller: C) {
      cancelledStorage = 0
      action = { canceller.cancel() }
    }

    /// Wraps an object's `cancel()`: what `sink` and `assign` return.
    @inlinable
    init(cancelling object: some AnyObject & Cancellable) {
      cancelledStorage = 0
      action = { object.cancel() }
    }

    deinit { cancel() }

    /// Runs the wrapped action if it has not run yet, then releases it.
    public func cancel() {
      guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
      let action = self.action.take()
      action?()
    }

    /// Whether both are the same instance.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

    /// Hashes the instance's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Keeps this cancellable in a set, alive as long as the set holds it.
    ///
    /// - Parameter set: The set to insert into.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

    /// Keeps this cancellable in a collection, such as an array, alive as long as it holds it.
    ///
    /// - Parameter collection: The collection to append to.
    public func store<C: RangeReplaceableCollection>(in collection: inout C)
    where C.Element == AnyCancellable {
      collection.append(self)
    }
  }
#endif

extension Cancellable where Self: AnyObject {
  /// An `AnyCancellable` that cancels this object; where `AnyCancellable` is Relay's own, it
  /// keeps the object with no cast.
  @inlinable
  var wrappedInAnyCancellable: AnyCancellable {
    #if canImport(Combine)
      AnyCancellable(self)
    #else
      AnyCancellable(cancelling: self)
    #endif
  }
}
