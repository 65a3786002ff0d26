/// A publisher that fails each subscriber at once with an error.
///
/// ```swift
/// Fail<Int, URLError>(error: URLError(.notConnectedToInternet))
/// ```
public struct Fail<Output, Failure: Error>: Publisher {
  /// The error each subscriber receives.
  public let error: Failure

  /// Creates a publisher that fails with `error`.
  ///
  /// - Parameter error: The error to send.
  @inlinable
  public init(error: Failure) { self.error = error }

  /// Creates a publisher that fails with `failure`, naming the output type where inference
  /// cannot.
  ///
  /// - Parameters:
  ///   - outputType: The type of values it would send.
  ///   - failure: The error to send.
  @inlinable
  public init(outputType: Output.Type, failure: Failure) { error = failure }

  /// Hands the subscriber an inert subscription, then the failure.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: EmptySubscription.shared)
    subscriber.receive(completion: .failure(error))
  }
}

extension Fail: Equatable where Failure: Equatable {}
extension Fail: Sendable where Failure: Sendable {}
