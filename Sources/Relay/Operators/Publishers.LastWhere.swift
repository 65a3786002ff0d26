extension Publisher {
  /// Publishes the last value that satisfies a predicate, when the upstream finishes.
  ///
  /// ```swift
  /// events.last { $0.kind == .save }.sink { print("last save: \($0)") }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter predicate: Whether a value is one to keep.
  /// - Returns: A publisher of at most one value.
  @inlinable
  public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
    Publishers.LastWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's last value that satisfies a predicate.
  ///
  /// Its subscription is named "LastWhere" in `print`'s log, as in Combine.
  public struct LastWhere<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are searched.
    public let upstream: Upstream
    /// Whether a value is one to keep.
    public let predicate: (Output) -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are searched.
    ///   - predicate: Whether a value is one to keep.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes a subscriber that keeps the latest matching value to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribeFolding(subscriber, into: nil, name: "LastWhere") { last, value in
        if predicate(value) { last = value }
      }
    }
  }
}
