extension Publisher {
  /// Publishes whether the upstream sends a value that satisfies a predicate that may throw; a
  /// thrown error ends the publisher.
  ///
  /// ```swift
  /// files.tryContains { try $0.resourceValues(forKeys: [.isHiddenKey]).isHidden == true }
  /// ```
  /// - Parameter predicate: Whether a value is one to look for, or throws.
  /// - Returns: A publisher of one Boolean that fails with the error thrown or the upstream's
  ///   error.
  @inlinable
  public func tryContains(where predicate: @escaping (Output) throws -> Bool)
    -> Publishers.TryContainsWhere<Self>
  {
    Publishers.TryContainsWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of whether its upstream sends a value that satisfies a predicate that may
  /// throw.
  ///
  /// A thrown error cancels the upstream and fails the downstream with it. Its subscription is
  /// named "TryContainsWhere" in `print`'s log, as in Combine.
  public struct TryContainsWhere<Upstream: Publisher>: Publisher {
    /// Whether such a value was found.
    public typealias Output = Bool
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose values are searched.
    public let upstream: Upstream
    /// Whether a value is one to look for, or throws.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are searched.
    ///   - predicate: Whether a value is one to look for, or throws.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes a searching subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribeTrySearching(subscriber, notFound: false, name: "TryContainsWhere") {
        try predicate($0) ? true : nil
      }
    }
  }
}
