extension Publisher {
  /// Publishes whether the upstream sends a value that satisfies a predicate: `true` as soon as
  /// it does, `false` when it finishes without.
  ///
  /// ```swift
  /// $cart.map(\.items).contains { $0.isEmpty }.sink { print($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter predicate: Whether a value is one to look for.
  /// - Returns: A publisher of one Boolean.
  @inlinable
  public func contains(where predicate: @escaping (Output) -> Bool)
    -> Publishers.ContainsWhere<Self>
  {
    Publishers.ContainsWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of whether its upstream sends a value that satisfies a predicate.
  ///
  /// The first such value cancels the upstream. Its subscription is named "ContainsWhere" in
  /// `print`'s log, as in Combine.
  public struct ContainsWhere<Upstream: Publisher>: Publisher {
    /// Whether such a value was found.
    public typealias Output = Bool
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are searched.
    public let upstream: Upstream
    /// Whether a value is one to look for.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are searched.
    ///   - predicate: Whether a value is one to look for.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes a searching subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribeSearching(subscriber, notFound: false, name: "ContainsWhere") {
        predicate($0) ? true : nil
      }
    }
  }
}
