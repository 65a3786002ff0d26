extension Publisher {
  /// Publishes the first value that satisfies a predicate, then finishes.
  ///
  /// ```swift
  /// $session.first(where: \.isSignedIn).sink { _ in showHome() }.store(in: &subscriptions)
  /// ```
  /// - Parameter predicate: Whether a value is the one to publish.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
    Publishers.FirstWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's first value that satisfies a predicate.
  ///
  /// Its subscription is named "TryFirst" in `print`'s log, as in Combine.
  public struct FirstWhere<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are searched.
    public let upstream: Upstream
    /// Whether a value is the one to publish.
    public let predicate: (Output) -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are searched.
    ///   - predicate: Whether a value is the one to publish.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes a subscriber that keeps the first matching value to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribeSearching(subscriber, notFound: nil, name: "TryFirst") {
        predicate($0) ? $0 : nil
      }
    }
  }
}
