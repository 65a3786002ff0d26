extension Publisher where Output: Publisher, Output.Failure == Failure {
  /// Publishes the values of the latest publisher this publisher sent, cancelling the one
  /// before.
  ///
  /// ```swift
  /// $query.map { search($0) }.switchToLatest().sink { show($0) }   // only the last search
  ///   .store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of the current inner publisher's values.
  @inlinable
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Output: Publisher, Failure == Never {
  /// Publishes the values of the latest publisher sent by a publisher that cannot fail.
  ///
  /// - Returns: A publisher of the current inner publisher's values, failing as they do.
  @inlinable
  public func switchToLatest()
    -> Publishers.SwitchToLatest<
      Output, Publishers.SetFailureType<Self, Output.Failure>
    >
  {
    setFailureType(to: Output.Failure.self).switchToLatest()
  }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
  /// Publishes the values of the latest publisher sent, where neither can fail.
  ///
  /// - Returns: A publisher of the current inner publisher's values.
  @inlinable
  public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
    Publishers.SwitchToLatest(upstream: self)
  }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
  /// Publishes the values of the latest publisher sent, where only the outer one can fail.
  ///
  /// - Returns: A publisher of the current inner publisher's values, failing as this one does.
  @inlinable
  public func switchToLatest()
    -> Publishers.SwitchToLatest<
      Publishers.SetFailureType<Output, Failure>,
      Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    >
  {
    map { $0.setFailureType(to: Failure.self) }.switchToLatest()
  }
}

extension Publishers {
  /// A publisher of the values of the latest publisher its upstream sent.
  ///
  /// As in Combine: the upstream is asked for every publisher; each new one cancels the
  /// current one and is asked for the demand the downstream has left. It finishes when the
  /// upstream and the current publisher finished; a failure of either fails it and cancels
  /// the other. Its subscription is named "SwitchToLatest" in `print`'s log.
  ///
  /// The publishers may publish from different threads: the downstream is called by one thread at a
  /// time, never under a lock, and a value of a publisher already replaced is dropped. A call into
  /// it returns after delivering its own value: a value another thread sends meanwhile waits, and a
  /// drainer on a global dispatch queue delivers it, in order. Unlike Combine, a value beyond the
  /// demand is dropped rather than delivered. `cancel()` does not wait for a call in progress on
  /// another thread; once it returns, the downstream receives at most one more call, which another
  /// thread had already set out to make.
  public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
  where Upstream.Output == P, P.Failure == Upstream.Failure {
    /// The inner publishers' values.
    public typealias Output = P.Output
    /// The failure of the upstream and of the inner publishers.
    public typealias Failure = P.Failure

    /// The publisher of publishers.
    public let upstream: Upstream

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publisher of publishers.
    @inlinable
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Hands the downstream its subscription, then subscribes to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      SwitchToLatestStorage<P, S>(downstream: subscriber).start(with: upstream)
    }
  }
}
