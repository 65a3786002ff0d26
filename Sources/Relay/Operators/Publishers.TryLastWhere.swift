extension Publisher {
  /// Publishes the last value that satisfies a predicate that may throw, when the upstream
  /// finishes; a thrown error ends the publisher.
  ///
  /// ```swift
  /// records.tryLast { try $0.isValid() }
  /// ```
  /// - Parameter predicate: Whether a value is one to keep, or throws.
  /// - Returns: A publisher of at most one value that fails with the error thrown or the
  ///   upstream's error.
  @inlinable
  public func tryLast(where predicate: @escaping (Output) throws -> Bool)
    -> Publishers.TryLastWhere<Self>
  {
    Publishers.TryLastWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's last value that satisfies a predicate that may throw.
  ///
  /// A thrown error cancels the upstream and fails the downstream with it. Its subscription is
  /// named "TryLastWhere" in `print`'s log, as in Combine.
  public struct TryLastWhere<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose values are searched.
    public let upstream: Upstream
    /// Whether a value is one to keep, or throws.
    public let predicate: (Output) throws -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are searched.
    ///   - predicate: Whether a value is one to keep, or throws.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes a subscriber that keeps the latest matching value to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribeTryFolding(subscriber, into: nil, name: "TryLastWhere") { last, value in
        if try predicate(value) { last = value }
      }
    }
  }
}
