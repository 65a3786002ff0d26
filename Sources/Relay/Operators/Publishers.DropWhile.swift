extension Publisher {
  /// Drops values while they satisfy a predicate, then publishes every value from the first
  /// that does not.
  ///
  /// ```swift
  /// $connection.drop { $0 == .connecting }.sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter predicate: Whether to drop a value, until the first that is kept.
  /// - Returns: A publisher of the values from the first that fails the predicate on.
  @inlinable
  public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
    Publishers.DropWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that drops its upstream's values while they satisfy a predicate.
  ///
  /// A dropped value asks the upstream for one more; once a value is kept, the predicate is not
  /// called again. Its subscription is named "DropWhile" in `print`'s log, as in Combine.
  public struct DropWhile<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose first values are dropped.
    public let upstream: Upstream
    /// Whether to drop a value, until the first that is kept.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose first values are dropped.
    ///   - predicate: Whether to drop a value, until the first that is kept.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes the dropping subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribe(
        WhileInner<Output, Failure, S>(
          downstream: subscriber, name: "DropWhile", isPrefix: false, predicate: predicate,
          upstreamFailure: { $0 }))
    }
  }
}
