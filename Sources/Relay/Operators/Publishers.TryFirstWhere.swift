extension Publisher {
  /// Publishes the first value that satisfies a predicate that may throw, then finishes; a
  /// thrown error ends the publisher.
  ///
  /// ```swift
  /// responses.tryFirst { try $0.validate().isComplete }
  /// ```
  /// - Parameter predicate: Whether a value is the one to publish, or throws.
  /// - Returns: A publisher of at most one value that fails with the error thrown or the
  ///   upstream's error.
  @inlinable
  public func tryFirst(where predicate: @escaping (Output) throws -> Bool)
    -> Publishers.TryFirstWhere<Self>
  {
    Publishers.TryFirstWhere(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of its upstream's first value that satisfies a predicate that may throw.
  ///
  /// The value found, or a thrown error, cancels the upstream. Its subscription is named
  /// "TryFirstWhere" in `print`'s log, as in Combine.
  public struct TryFirstWhere<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose values are searched.
    public let upstream: Upstream
    /// Whether a value is the one to publish, or throws.
    public let predicate: (Output) throws -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are searched.
    ///   - predicate: Whether a value is the one to publish, or throws.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes a subscriber that keeps the first matching value to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribeTrySearching(subscriber, notFound: nil, name: "TryFirstWhere") {
        try predicate($0) ? $0 : nil
      }
    }
  }
}
