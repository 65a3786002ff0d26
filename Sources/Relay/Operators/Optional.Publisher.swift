extension Optional {
  /// A publisher of the wrapped value, if any, then `.finished`.
  ///
  /// ```swift
  /// savedDraft.publisher.sink { restore($0) }.store(in: &subscriptions)
  /// ```
  public var publisher: Optional<Wrapped>.Publisher { Publisher(self) }

  /// A publisher of an optional's value, if it has one, then `.finished`; it never fails.
  ///
  /// With a value, the first request sends it (the subscription is named "Optional" in
  /// `print`'s log, as in Combine); `nil` finishes at once.
  public struct Publisher: Relay.Publisher {
    /// The wrapped value's type.
    public typealias Output = Wrapped
    /// It never fails.
    public typealias Failure = Never

    /// The value to publish, if any.
    public let output: Wrapped?

    /// Creates the publisher.
    ///
    /// - Parameter output: The value to publish, or `nil` for none.
    @inlinable
    public init(_ output: Output?) { self.output = output }

    /// Sends the value on the first request, or finishes at once without one.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      guard let output else {
        subscriber.receive(subscription: EmptySubscription.shared)
        return subscriber.receive(completion: .finished)
      }
      subscriber.receive(
        subscription: OneValueSubscription(value: output, downstream: subscriber, name: "Optional"))
    }
  }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}
extension Optional.Publisher: Sendable where Wrapped: Sendable {}
