extension Publisher {
  /// Publishes values while they satisfy a predicate, then finishes at the first that does not.
  ///
  /// ```swift
  /// readings.prefix { $0.isCalibrating }.sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter predicate: Whether to publish a value and go on.
  /// - Returns: A publisher of the values before the first that fails the predicate.
  @inlinable
  public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
    Publishers.PrefixWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's values while they satisfy a predicate.
  ///
  /// The first value that does not cancels the upstream and finishes the publisher; it is not
  /// published. Its subscription is named "PrefixWhile" in `print`'s log, as in Combine.
  public struct PrefixWhile<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose first values are published.
    public let upstream: Upstream
    /// Whether to publish a value and go on.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose first values are published.
    ///   - predicate: Whether to publish a value and go on.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes the prefix's subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribe(
        WhileInner<Output, Failure, S>(
          downstream: subscriber, name: "PrefixWhile", isPrefix: true, predicate: predicate,
          upstreamFailure: { $0 }))
    }
  }
}
