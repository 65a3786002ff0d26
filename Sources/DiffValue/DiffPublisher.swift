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
  @inlinable
  public var value: Value { storage.relay.value }

  /// Attaches a subscriber; it receives the current value first.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
    storage.relay.receive(subscriber: subscriber)
  }
}

extension DiffPublisher: Sendable where Value: Sendable {}

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
    try storage.relay.modify(transform)
  }
}
