extension Publisher {
  /// Publishes a tuple of the latest value of this publisher and another whenever any of
  /// them publishes, once each has published at least one value.
  ///
  /// ```swift
  /// $email.combineLatest($password).map { isValid($0, $1) }.assign(to: \.isEnabled, on: button)
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - other: Another publisher to combine with this one.
  /// - Returns: A publisher of tuples of the latest values.
  @inlinable
  public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
  where P.Failure == Failure {
    Publishers.CombineLatest(self, other)
  }

  /// Publishes the result of a closure applied to the latest value of this publisher and
  /// another, whenever any of them publishes, once each has published at least one value.
  ///
  /// - Parameters:
  ///   - other: Another publisher to combine with this one.
  ///   - transform: Combines the latest values into the value to publish.
  /// - Returns: A publisher of the combined values.
  @inlinable
  public func combineLatest<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
    Publishers.Map(upstream: Publishers.CombineLatest(self, other)) { transform($0.0, $0.1) }
  }
}

extension Publishers {
  /// A publisher that combines the latest values of two publishers that fail the same way.
  ///
  /// As in Combine: the downstream's requests pass to every upstream; a value makes a tuple
  /// once every upstream has published, and only against demand (a value that finds none
  /// only replaces its upstream's latest value, and no tuple is owed for it later); it
  /// finishes when every upstream finished and fails with the first failure, cancelling the
  /// others. Its subscription is named "CombineLatest" in `print`'s log.
  ///
  /// The upstreams may publish from different threads: the downstream is called by one thread at a
  /// time, never under a lock, and tuples keep the order in which their values arrived. A call into
  /// it returns after delivering its own value: a value another thread sends meanwhile waits, and a
  /// drainer on a global dispatch queue delivers it, in order. Unlike Combine, a value that arrives
  /// while the downstream is being called, from another thread or from inside the downstream, makes
  /// its tuple after the current one rather than being dropped. `cancel()` does not wait for a call
  /// in progress on another thread; once it returns, the downstream receives at most one more call,
  /// which another thread had already set out to make.
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
  where B.Failure == A.Failure {
    /// One latest value of each upstream.
    public typealias Output = (A.Output, B.Output)
    /// The upstreams' failure.
    public typealias Failure = A.Failure

    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    @inlinable
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Hands the downstream its subscription, then subscribes to each upstream in order.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      CombineLatestStorage<LatestValues2<A.Output, B.Output>, S>(downstream: subscriber)
        .start(a, b)
    }
  }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {}
