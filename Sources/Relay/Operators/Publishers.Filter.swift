extension Publisher {
  /// Publishes only the values that satisfy a predicate.
  ///
  /// ```swift
  /// relay.filter { $0.isMultiple(of: 2) }.sink { print($0) }
  /// ```
  /// - Parameter isIncluded: Whether to publish a value.
  /// - Returns: A publisher of the values let through.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// A publisher that lets through the upstream values satisfying a predicate.
  ///
  /// A value it drops does not use the downstream's demand: it asks the upstream for one more.
  public struct Filter<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are filtered.
    public let upstream: Upstream
    /// Whether to publish a value.
    public let isIncluded: (Upstream.Output) -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are filtered.
    ///   - isIncluded: Whether to publish a value.
    @inlinable
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    /// Subscribes the filtering subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let isIncluded = self.isIncluded
      // Not `subscribe`: the optimizer will not specialize `subscribe` inside its own
      // specialization, so a chain of operators would run generic code on every value.
      upstream.receive(
        subscriber:
          Publishers.CompactMap<Upstream, Output>.Inner(downstream: subscriber) {
            isIncluded($0) ? $0 : nil
          })
    }
  }
}
