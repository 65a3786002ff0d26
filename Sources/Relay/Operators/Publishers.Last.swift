extension Publisher {
  /// Publishes the last value, when the upstream finishes.
  ///
  /// ```swift
  /// [1, 2, 3].publisher.last().sink { print($0) }  // prints 3
  ///   .store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of at most one value: none when the upstream sent none.
  @inlinable
  public func last() -> Publishers.Last<Self> { Publishers.Last(upstream: self) }
}

extension Publishers {
  /// A publisher of its upstream's last value.
  ///
  /// Its subscription is named "Last" in `print`'s log, as in Combine.
  public struct Last<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose last value is published.
    public let upstream: Upstream

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publisher whose last value is published.
    @inlinable
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes a subscriber that keeps the latest value to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribeFolding(subscriber, into: nil, name: "Last") { $0 = $1 }
    }
  }
}

extension Publishers.Last: Equatable where Upstream: Equatable {}
