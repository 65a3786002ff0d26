extension Publisher {
  /// Publishes a tuple of the latest value of this publisher and three others whenever any of
  /// them publishes, once each has published at least one value.
  ///
  /// ```swift
  /// $a.combineLatest($b, $c, $d).sink { a, b, c, d in print(a, b, c, d) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - publisher1: A second publisher to combine with this one.
  ///   - publisher2: A third publisher to combine with this one.
  ///   - publisher3: A fourth publisher to combine with this one.
  /// - Returns: A publisher of tuples of the latest values.
  @inlinable
  public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(
    _ publisher1: P, _ publisher2: Q, _ publisher3: R
  ) -> Publishers.CombineLatest4<Self, P, Q, R>
  where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
    Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
  }

  /// Publishes the result of a closure applied to the latest value of this publisher and
  /// three others, whenever any of them publishes, once each has published at least one value.
  ///
  /// - Parameters:
  ///   - publisher1: A second publisher to combine with this one.
  ///   - publisher2: A third publisher to combine with this one.
  ///   - publisher3: A fourth publisher to combine with this one.
  ///   - transform: Combines the latest values into the value to publish.
  /// - Returns: A publisher of the combined values.
  @inlinable
  public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
    _ publisher1: P, _ publisher2: Q, _ publisher3: R,
    _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
  where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
    Publishers.Map(upstream: Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)) {
      transform($0.0, $0.1, $0.2, $0.3)
    }
  }
}

extension Publishers {
  /// A publisher that combines the latest values of four publishers that fail the same way.
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
  public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where B.Failure == A.Failure, C.Failure == A.Failure, D.Failure == A.Failure {
    /// One latest value of each upstream.
    public typealias Output = (A.Output, B.Output, C.Output, D.Output)
    /// The upstreams' failure.
    public typealias Failure = A.Failure

    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B
    /// The third publisher.
    public let c: C
    /// The fourth publisher.
    public let d: D

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C, _ d: D) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
    }

    /// Hands the downstream its subscription, then subscribes to each upstream in order.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      CombineLatestStorage<LatestValues4<A.Output, B.Output, C.Output, D.Output>, S>(
        downstream: subscriber
      ).start(a, b, c, d)
    }
  }
}

extension Publishers.CombineLatest4: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}
