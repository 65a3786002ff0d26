extension Publisher {
  /// Publishes only the values that differ from the previous one, as a predicate that may throw
  /// compares them; a thrown error ends the publisher.
  ///
  /// ```swift
  /// documents.tryRemoveDuplicates { try $0.contentHash() == $1.contentHash() }
  /// ```
  /// - Parameter predicate: Whether two consecutive values count as the same, or throws.
  /// - Returns: A publisher without consecutive duplicates that fails with the error thrown or
  ///   the upstream's error.
  @inlinable
  public func tryRemoveDuplicates(by predicate: @escaping (Output, Output) throws -> Bool)
    -> Publishers.TryRemoveDuplicates<Self>
  {
    Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that drops the upstream values a predicate that may throw finds the same as
  /// the previous one.
  ///
  /// A dropped value asks the upstream for one more; a thrown error cancels the upstream and
  /// fails the downstream with it. Its subscription is named "TryRemoveDuplicates" in `print`'s
  /// log, as in Combine.
  public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose duplicates are dropped.
    public let upstream: Upstream
    /// Whether two consecutive values count as the same, or throws.
    public let predicate: (Upstream.Output, Upstream.Output) throws -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose duplicates are dropped.
    ///   - predicate: Whether two consecutive values count as the same, or throws.
    @inlinable
    public init(
      upstream: Upstream, predicate: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
    ) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes the deduplicating subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      var previous: Output?
      let predicate = self.predicate
      // `previous` is touched only by the upstream's calls, which are serial.
      upstream.subscribe(
        CompactingInner(downstream: subscriber, name: "TryRemoveDuplicates") { value in
          if let last = previous, try predicate(last, value) { return nil }
          previous = value
          return value
        })
    }
  }
}
