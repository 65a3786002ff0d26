extension Result {
  /// A publisher of the success, then `.finished`, or of the failure.
  ///
  /// ```swift
  /// Result { try loadSettings() }.publisher.sink(receiveCompletion: { _ in }, receiveValue: { apply($0) })
  ///   .store(in: &subscriptions)
  /// ```
  public var publisher: Result<Success, Failure>.Publisher { Publisher(self) }

  /// A publisher of a result: its success on the first request, then `.finished`, or its
  /// failure at once.
  ///
  /// The subscription of a success is named "Once" in `print`'s log, as in Combine; a failure
  /// comes with the "Empty" subscription.
  public struct Publisher: Relay.Publisher {
    /// The success's type.
    public typealias Output = Success

    /// The result to publish.
    public let result: Result<Output, Failure>

    /// Creates the publisher of a result.
    ///
    /// - Parameter result: The result to publish.
    @inlinable
    public init(_ result: Result<Output, Failure>) { self.result = result }

    /// Creates the publisher of a success.
    ///
    /// - Parameter output: The value to publish.
    @inlinable
    public init(_ output: Output) { result = .success(output) }

    /// Creates the publisher of a failure.
    ///
    /// - Parameter failure: The error to fail with.
    @inlinable
    public init(_ failure: Failure) { result = .failure(failure) }

    /// Sends the success on the first request, or fails at once.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      switch result {
      case .success(let output):
        subscriber.receive(
          subscription: OneValueSubscription(value: output, downstream: subscriber, name: "Once"))
      case .failure(let error):
        subscriber.receive(subscription: EmptySubscription.shared)
        subscriber.receive(completion: .failure(error))
      }
    }
  }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}
extension Result.Publisher: Sendable where Success: Sendable, Failure: Sendable {}
