extension Publisher {
  /// Replaces a failure with another publisher made by a closure that may throw; a thrown
  /// error ends the publisher.
  ///
  /// ```swift
  /// liveRequest.tryCatch { error in
  ///   guard error.isOffline else { throw error }
  ///   return cachedValues
  /// }
  /// ```
  /// - Parameter handler: Makes the publisher to continue with from the upstream's error, or
  ///   throws.
  /// - Returns: A publisher of the upstream's values, then, after a failure, of the new
  ///   publisher's values, failing with the error thrown or the new publisher's.
  @inlinable
  public func tryCatch<P: Publisher>(_ handler: @escaping (Failure) throws -> P)
    -> Publishers.TryCatch<Self, P>
  where P.Output == Output {
    Publishers.TryCatch(upstream: self, handler: handler)
  }
}

extension Publishers {
  /// A publisher that continues with another publisher, made by a closure that may throw, when
  /// its upstream fails.
  ///
  /// Demand the downstream asked for and did not receive carries over to the new publisher. A
  /// thrown error fails the downstream with it. Its subscription is named "TryCatch" in
  /// `print`'s log, as in Combine.
  public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// Any error: the one thrown or the new publisher's.
    public typealias Failure = any Error

    /// The publisher whose failure is caught.
    public let upstream: Upstream
    /// Makes the publisher to continue with, or throws.
    public let handler: (Upstream.Failure) throws -> NewPublisher

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose failure is caught.
    ///   - handler: Makes the publisher to continue with from the error, or throws.
    @inlinable
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Subscribes to the upstream, ready to switch on its failure.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let inner = CatchInner<Upstream, NewPublisher, S>(
        downstream: subscriber, name: "TryCatch", handler: handler, newFailure: { $0 })
      upstream.subscribe(inner.first)
    }
  }
}
