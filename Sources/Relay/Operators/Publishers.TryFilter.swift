extension Publisher {
  /// Publishes only the values that satisfy a predicate that may throw; a thrown error ends the
  /// publisher.
  ///
  /// ```swift
  /// uploads.tryFilter { try $0.isWithinQuota() }
  /// ```
  /// - Parameter isIncluded: Whether to publish a value, or throws.
  /// - Returns: A publisher of the values let through that fails with the error thrown or the
  ///   upstream's error.
  @inlinable
  public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool)
    -> Publishers.TryFilter<Self>
  {
    Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// A publisher that lets through the upstream values satisfying a predicate that may throw.
  ///
  /// A dropped value asks the upstream for one more; a thrown error cancels the upstream and
  /// fails the downstream with it. Its subscription is named "TryFilter" in `print`'s log, as in
  /// Combine.
  public struct TryFilter<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose values are filtered.
    public let upstream: Upstream
    /// Whether to publish a value, or throws.
    public let isIncluded: (Upstream.Output) throws -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are filtered.
    ///   - isIncluded: Whether to publish a value, or throws.
    @inlinable
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    /// Subscribes the filtering subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let isIncluded = self.isIncluded
      upstream.subscribe(
        CompactingInner(downstream: subscriber, name: "TryFilter") {
          try isIncluded($0) ? $0 : nil
        })
    }
  }
}
