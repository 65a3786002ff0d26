/// A publisher that makes a new publisher for each subscriber, when it subscribes.
///
/// ```swift
/// let now = Deferred { Just(Date()) }   // each subscriber gets the time it subscribed
/// ```
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
  /// The made publisher's values.
  public typealias Output = DeferredPublisher.Output
  /// The made publisher's failure.
  public typealias Failure = DeferredPublisher.Failure

  /// Makes the publisher a subscriber attaches to; called once per subscriber.
  public let createPublisher: () -> DeferredPublisher

  /// Creates the publisher.
  ///
  /// - Parameter createPublisher: Makes the publisher each subscriber attaches to.
  @inlinable
  public init(createPublisher: @escaping () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  /// Makes a publisher and attaches the subscriber to it.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    createPublisher().subscribe(subscriber)
  }
}
