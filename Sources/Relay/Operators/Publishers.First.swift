extension Publisher {
  /// Publishes the first value, then finishes.
  ///
  /// It asks the upstream for every value and cancels it at the first one; an upstream that
  /// finishes without a value makes it finish without one.
  ///
  /// ```swift
  /// $state.first().sink { print("initial: \($0)") }.store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func first() -> Publishers.First<Self> { Publishers.First(upstream: self) }
}

extension Publishers {
  /// A publisher of its upstream's first value.
  public struct First<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose first value is published.
    public let upstream: Upstream

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publisher whose first value is published.
    @inlinable
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes a subscriber that keeps the first value to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribeSearching(subscriber, notFound: nil, name: "First") { $0 }
    }
  }
}

extension Publishers.First: Equatable where Upstream: Equatable {}
