extension Publisher {
  /// Publishes how many values the upstream sent, when it finishes.
  ///
  /// ```swift
  /// taps.prefix(untilOutputFrom: timeout).count().sink { print("\($0) taps") }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of one count; a failure passes instead.
  @inlinable
  public func count() -> Publishers.Count<Self> { Publishers.Count(upstream: self) }
}

extension Publishers {
  /// A publisher of the number of values its upstream sent.
  ///
  /// Its subscription is named "Count" in `print`'s log, as in Combine.
  public struct Count<Upstream: Publisher>: Publisher {
    /// The number of values.
    public typealias Output = Int
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are counted.
    public let upstream: Upstream

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publisher whose values are counted.
    @inlinable
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes a counting subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribeFolding(subscriber, into: 0, name: "Count") { count, _ in
        count = (count ?? 0) + 1
      }
    }
  }
}

extension Publishers.Count: Equatable where Upstream: Equatable {}
