extension Publisher {
  /// Turns each value into a publisher and publishes the values of all of them, interleaved.
  ///
  /// ```swift
  /// $selectedIDs.flatMap { ids in ids.publisher }.sink { load($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - maxPublishers: How many of the made publishers may run at once; every one by default.
  ///   - transform: Makes a publisher from a value.
  /// - Returns: A publisher of the made publishers' values.
  @inlinable
  public func flatMap<T, P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }

  /// Turns each value into a publisher that cannot fail and publishes their values.
  ///
  /// - Parameters:
  ///   - maxPublishers: How many of the made publishers may run at once.
  ///   - transform: Makes a publisher from a value.
  /// - Returns: A publisher of the made publishers' values, failing as this one does.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
    flatMap(maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
  }
}

extension Publisher where Failure == Never {
  /// Turns each value of a publisher that cannot fail into a publisher that can, and
  /// publishes their values.
  ///
  /// ```swift
  /// $query.flatMap { search($0) }   // search: (String) -> AnyPublisher<[Hit], any Error>
  /// ```
  /// - Parameters:
  ///   - maxPublishers: How many of the made publishers may run at once.
  ///   - transform: Makes a publisher from a value.
  /// - Returns: A publisher of the made publishers' values, failing as they do.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
    setFailureType(to: P.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
  }

  /// Turns each value into a publisher, where neither can fail, and publishes their values.
  ///
  /// - Parameters:
  ///   - maxPublishers: How many of the made publishers may run at once.
  ///   - transform: Makes a publisher from a value.
  /// - Returns: A publisher of the made publishers' values.
  @inlinable
  public func flatMap<P: Publisher>(
    maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P
  ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
    Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
  }
}

extension Publishers {
  /// A publisher of the values of the publishers it makes from its upstream's values.
  ///
  /// As in Combine: the upstream is asked for `maxPublishers` publishers, and for one more
  /// each time one finishes; while the downstream's demand is bounded each made publisher is
  /// asked for one value at a time, and values that find no demand wait in arrival order. It
  /// finishes when the upstream and every made publisher finished and nothing waits; any
  /// failure fails it and cancels the rest. Its subscription is named "FlatMap" in `print`'s
  /// log.
  ///
  /// The made publishers may publish from different threads: the downstream is called by one thread
  /// at a time, never under a lock. A call into it returns after delivering its own value: a value
  /// another thread sends meanwhile waits, and a drainer on a global dispatch queue delivers it, in
  /// order. Unlike Combine, `maxPublishers: .none` asks the upstream for nothing (Relay forbids
  /// requesting `.none`), and a failure also cancels the upstream. `cancel()` does not wait for a
  /// call in progress on another thread; once it returns, the downstream receives at most one more
  /// call, which another thread had already set out to make.
  public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
  where NewPublisher.Failure == Upstream.Failure {
    /// The made publishers' values.
    public typealias Output = NewPublisher.Output
    /// The failure of the upstream and of the made publishers.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are turned into publishers.
    public let upstream: Upstream
    /// How many made publishers may run at once.
    public let maxPublishers: Subscribers.Demand
    /// Makes a publisher from a value.
    public let transform: (Upstream.Output) -> NewPublisher

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are turned into publishers.
    ///   - maxPublishers: How many made publishers may run at once.
    ///   - transform: Makes a publisher from a value.
    @inlinable
    public init(
      upstream: Upstream, maxPublishers: Subscribers.Demand,
      transform: @escaping (Upstream.Output) -> NewPublisher
    ) {
      self.upstream = upstream
      self.maxPublishers = maxPublishers
      self.transform = transform
    }

    /// Hands the downstream its subscription, then subscribes to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      FlatMapStorage<Upstream.Output, NewPublisher, S>(
        downstream: subscriber, maxPublishers: maxPublishers, transform: transform
      )
      .start(with: upstream)
    }
  }
}
