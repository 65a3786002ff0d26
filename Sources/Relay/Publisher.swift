/// A type that delivers a sequence of values over time to subscribers.
///
/// A publisher calls its subscriber's methods in Combine's order: `receive(subscription:)` once,
/// then zero or more `receive(_:)` calls, each against demand the subscriber asked for, then at
/// most one `receive(completion:)`. Calls into one subscriber never overlap, and once the
/// subscription's `cancel()` returns, at most one more call comes, which another thread had already
/// set out to make.
///
/// ```swift
/// let relay = CurrentValueRelay(1)
/// let cancellable = relay.map { $0 * 2 }.sink { print($0) }  // prints 2
/// ```
public protocol Publisher<Output, Failure> {
  /// The kind of values this publisher delivers.
  associatedtype Output
  /// The kind of error this publisher may fail with; `Never` for publishers that cannot fail.
  associatedtype Failure: Error

  /// Attaches the subscriber to this publisher.
  ///
  /// Operators and relays implement this; users call `subscribe(_:)` or `sink`.
  /// - Parameter subscriber: The subscriber to attach.
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
  /// Attaches the subscriber to this publisher.
  ///
  /// - Parameter subscriber: The subscriber to attach; it receives its subscription first.
  @inlinable
  public func subscribe<S: Subscriber>(_ subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    receive(subscriber: subscriber)
  }
}
