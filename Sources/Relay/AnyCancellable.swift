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

    /// What a cancel runs: a closure, or an object's `cancel()` (kept as the object itself,
    /// which costs no closure context).
    ///
    /// Two words either way, so that the instance takes 48 bytes of heap, not 80 as with room
    /// for any cancellable in place.
    private enum Action {
      case closure(() -> Void)
      case object(any AnyObject & Cancellable)
    }

    private var cancelledStorage = 0
    private var action: Action?

    private var cancelled: AtomicWord<Bool> { AtomicWord(inStoredPropertiesOf: self) }

    /// Wraps a closure that runs on the first `cancel()` or on deinit.
    ///
    /// - Parameter cancel: The closure; it is released once it has run.
    public init(_ cancel: @escaping () -> Void) {
      action = .closure(cancel)
    }

    /// Wraps another cancellable, cancelled on the first `cancel()` or on deinit.
    ///
    /// - Parameter canceller: The cancellable; it is released once it has been cancelled.
    public init<C: Cancellable>(_ canceller: C) {
      if let object = canceller as? any AnyObject & Cancellable {
        action = .object(object)
      } else {
        action = .closure { canceller.cancel() }
      }
    }

    /// Wraps an object's `cancel()`, with no cast: what `sink` and `assign` return.
    @usableFromInline
    init(cancelling object: some AnyObject & Cancellable) {
      action = .object(object)
    }

    deinit { cancel() }

    /// Runs the wrapped action if it has not run yet, then releases it.
    public func cancel() {
      guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
      let action = self.action.take()
      switch action {
      case .closure(let cancel): cancel()
      case .object(let canceller): canceller.cancel()
      case nil: break
      }
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
