/// A publisher that sends no value and finishes at once, or never.
///
/// ```swift
/// Empty<Int, Never>().sink(receiveCompletion: { print($0) }, receiveValue: { _ in })
///   .store(in: &subscriptions)
/// // prints finished
/// ```
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
  /// Whether a subscriber receives `.finished` right after its subscription.
  public let completeImmediately: Bool

  /// Creates an empty publisher.
  ///
  /// - Parameter completeImmediately: Whether subscribers receive `.finished` at once;
  ///   `false` makes a publisher that never sends anything.
  @inlinable
  public init(completeImmediately: Bool = true) {
    self.completeImmediately = completeImmediately
  }

  /// Creates an empty publisher, naming its types where inference cannot.
  ///
  /// - Parameters:
  ///   - completeImmediately: Whether subscribers receive `.finished` at once.
  ///   - outputType: The type of values it would send.
  ///   - failureType: The type of error it would fail with.
  @inlinable
  public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type)
  {
    self.init(completeImmediately: completeImmediately)
  }

  /// Hands the subscriber an inert subscription, then `.finished` if it completes at once.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: EmptySubscription.shared)
    if completeImmediately { subscriber.receive(completion: .finished) }
  }

  /// Whether both complete in the same way.
  public static func == (lhs: Empty, rhs: Empty) -> Bool {
    lhs.completeImmediately == rhs.completeImmediately
  }
}

extension Empty: Sendable {}
