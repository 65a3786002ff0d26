extension Publisher {
  /// Publishes whether every value satisfies a predicate that may throw; a thrown error ends
  /// the publisher.
  ///
  /// ```swift
  /// uploads.tryAllSatisfy { try $0.checksum() == $0.expected }
  /// ```
  /// - Parameter predicate: Whether a value passes, or throws.
  /// - Returns: A publisher of one Boolean that fails with the error thrown or the upstream's
  ///   error.
  @inlinable
  public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool)
    -> Publishers.TryAllSatisfy<Self>
  {
    Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of whether every one of its upstream's values satisfies a predicate that may
  /// throw.
  ///
  /// A thrown error cancels the upstream and fails the downstream with it. Its subscription is
  /// named "TryAllSatisfy" in `print`'s log, as in Combine.
  public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
    /// Whether every value passed.
    public typealias Output = Bool
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose values are checked.
    public let upstream: Upstream
    /// Whether a value passes, or throws.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are checked.
    ///   - predicate: Whether a value passes, or throws.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes a checking subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribeTrySearching(subscriber, notFound: true, name: "TryAllSatisfy") {
        try predicate($0) ? nil : false
      }
    }
  }
}
