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
