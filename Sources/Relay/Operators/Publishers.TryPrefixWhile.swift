extension Publisher {
  /// Publishes values while they satisfy a predicate that may throw, then finishes at the first
  /// that does not; a thrown error ends the publisher.
  ///
  /// ```swift
  /// lines.tryPrefix { try !$0.isTerminator() }
  /// ```
  /// - Parameter predicate: Whether to publish a value and go on, or throws.
  /// - Returns: A publisher of the values before the first that fails the predicate, failing
  ///   with the error thrown or the upstream's error.
  @inlinable
  public func tryPrefix(while predicate: @escaping (Output) throws -> Bool)
    -> Publishers.TryPrefixWhile<Self>
  {
    Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's values while they satisfy a predicate that may throw.
  ///
  /// A thrown error cancels the upstream and fails the downstream with it. Its subscription is
  /// named "TryPrefixWhile" in `print`'s log, as in Combine.
  public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose first values are published.
    public let upstream: Upstream
    /// Whether to publish a value and go on, or throws.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose first values are published.
    ///   - predicate: Whether to publish a value and go on, or throws.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes the prefix's subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        WhileInner(
          downstream: subscriber, name: "TryPrefixWhile", isPrefix: true, predicate: predicate,
          upstreamFailure: { $0 }))
    }
  }
}
