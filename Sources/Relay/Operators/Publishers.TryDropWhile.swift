extension Publisher {
  /// Drops values while they satisfy a predicate that may throw, then publishes every value from
  /// the first that does not; a thrown error ends the publisher.
  ///
  /// ```swift
  /// lines.tryDrop { try $0.isHeader() }
  /// ```
  /// - Parameter predicate: Whether to drop a value, until the first that is kept, or throws.
  /// - Returns: A publisher of the values from the first that fails the predicate on, failing
  ///   with the error thrown or the upstream's error.
  @inlinable
  public func tryDrop(while predicate: @escaping (Output) throws -> Bool)
    -> Publishers.TryDropWhile<Self>
  {
    Publishers.TryDropWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that drops its upstream's values while they satisfy a predicate that may throw.
  ///
  /// A thrown error cancels the upstream and fails the downstream with it. Its subscription is
  /// named "TryDropWhile" in `print`'s log, as in Combine.
  public struct TryDropWhile<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose first values are dropped.
    public let upstream: Upstream
    /// Whether to drop a value, until the first that is kept, or throws.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose first values are dropped.
    ///   - predicate: Whether to drop a value, until the first that is kept, or throws.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes the dropping subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        WhileInner(
          downstream: subscriber, name: "TryDropWhile", isPrefix: false, predicate: predicate,
          upstreamFailure: { $0 }))
    }
  }
}
