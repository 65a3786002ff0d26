/// A publisher that sends one value to each subscriber and then finishes.
///
/// Each subscriber receives the value on its first request, then `.finished`.
///
/// ```swift
/// Just(42).sink { print($0) }.store(in: &subscriptions)   // prints 42
/// ```
public struct Just<Output>: Publisher {
  /// `Just` never fails.
  public typealias Failure = Never

  /// The value sent to each subscriber.
  public let output: Output

  /// Creates a publisher of one value.
  ///
  /// - Parameter output: The value to send.
  @inlinable
  public init(_ output: Output) { self.output = output }

  /// Hands the subscriber a subscription that sends the value when asked.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(
      subscription: OneValueSubscription(value: output, downstream: subscriber, name: "Just"))
  }
}

extension Just: Equatable where Output: Equatable {}
extension Just: Sendable where Output: Sendable {}
