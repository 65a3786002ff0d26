/// The publisher a `@Diff` property projects as `$property`.
///
/// It sends the current value to each new subscriber, then each published change; it never
/// fails or completes, and it cannot be sent to: only writes through the property publish.
/// Every `Relay` operator applies:
///
/// ```swift
/// $state.print("State").singleReplay().sink { _ in }.store(in: &subscriptions)
/// $state.map(\.userName).sink { nameLabel.text = $0 }.store(in: &subscriptions)
/// ```
public struct DiffPublisher<Value: Equatable>: Publisher {
  /// The property's value.
  public typealias Output = Value
  /// Never fails.
  public typealias Failure = Never

  @usableFromInline let storage: DiffStorage<Value>

  @inlinable init(storage: DiffStorage<Value>) { self.storage = storage }

  /// The property's last written value.
  ///
  /// Read inside `withObservationTracking` (a SwiftUI `body`), it tracks the whole property,
  /// as reading the property does.
  @inlinable
  public var value: Value { storage.readTracked() }

  /// One part of the property's last written value, tracked for that part alone.
  ///
  /// Read inside `withObservationTracking` (a SwiftUI `body`), it registers the part, not the
  /// property: its observers are told when a write changes that part, whether the write was
  /// published or not, and of no other write. A view showing one field of a large state
  /// refreshes only when that field changes:
  ///
  /// ```swift
  /// Text(model.$user[\.email])   // refreshed by a new email, by nothing else
  /// ```
  ///
  /// - Parameter part: A key path to an `Equatable` part of the value.
  /// - Complexity: A dictionary lookup of the key path's identity besides the read; the first read
  ///   of a part registers it, once per property.
  @inlinable
  public subscript<Part: Equatable>(part: KeyPath<Value, Part>) -> Part {
    storage.readTracked(part)
  }

  /// Attaches a subscriber; it receives the current value first.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
    storage.installedRelay().attach(subscriber)
  }
}

// The storage is a `ManagedBuffer`, which Swift declares not sendable; every access to it is
// guarded as `DiffStorage` says.
extension DiffPublisher: @unchecked Sendable where Value: Sendable {}

extension DiffPublisher {
  /// Changes several parts of the value in one atomic read-modify-write, published at most
  /// once.
  ///
  /// ```swift
  /// $state.modify {
  ///   $0.userName = "zain"
  ///   $0.email = "zain@example.com"
  /// }   // one publication, if either selected part changed
  /// ```
  ///
  /// No write from another thread is lost: writes other threads make while `transform` runs
  /// wait behind its result, and only another `modify` writing first makes `transform` run
  /// again, on the newer value. It runs outside any lock, on the calling thread, so it must not
  /// write to this property and should have no side effects it cannot repeat.
  /// - Parameter transform: Changes the value.
  /// - Returns: What `transform` returned on the run whose result was stored.
  /// - Complexity: One write, times the number of retries.
  @inlinable @discardableResult
  public func modify<Result>(_ transform: (inout Value) throws -> Result) rethrows -> Result {
    try storage.modify(transform)
  }
}
