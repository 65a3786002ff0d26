extension Publisher {
  /// Publishes tuples pairing the n-th value of this publisher with the n-th value of
  /// another.
  ///
  /// ```swift
  /// requests.zip(responses).sink { request, response in log(request, response) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter other: Another publisher.
  /// - Returns: A publisher of tuples, one per value of each.
  @inlinable
  public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P>
  where P.Failure == Failure {
    Publishers.Zip(self, other)
  }

  /// Publishes the result of a closure applied to the n-th value of this publisher and of
  /// another.
  ///
  /// - Parameters:
  ///   - other: Another publisher.
  ///   - transform: Combines one value of each into the value to publish.
  /// - Returns: A publisher of the combined values.
  @inlinable
  public func zip<P: Publisher, T>(
    _ other: P, _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.Zip<Self, P>, T> where P.Failure == Failure {
    Publishers.Map(upstream: Publishers.Zip(self, other)) { transform($0.0, $0.1) }
  }
}

extension Publishers {
  /// A publisher of tuples of the n-th values of two publishers.
  ///
  /// The downstream's requests pass to every upstream; a value waits for one value of each
  /// of the others, and the oldest of each make a tuple against demand. It finishes as soon
  /// as no more tuple can be made (an upstream finished with no value waiting), cancelling
  /// the others, and fails with the first failure, cancelling every upstream. Its
  /// subscription is named "Zip" in `print`'s log.
  ///
  /// The upstreams may publish from different threads: the downstream is called by one thread at a
  /// time, never under a lock. A call into it returns after delivering its own value: a value
  /// another thread sends meanwhile waits, and a drainer on a global dispatch queue delivers it, in
  /// order. Unlike Combine, tuples are sent only against demand (Combine sends surplus tuples), a
  /// tuple completed from inside the downstream is delivered after the current one, and demand the
  /// downstream returns from a value is requested from every upstream rather than returned to the
  /// one that completed the tuple. `cancel()` does not wait for a call in progress on another
  /// thread; once it returns, the downstream receives at most one more call, which another thread
  /// had already set out to make.
  public struct Zip<A: Publisher, B: Publisher>: Publisher
  where B.Failure == A.Failure {
    /// One value of each upstream.
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
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      ZipStorage<ZipQueues2<A.Output, B.Output>, S>(downstream: subscriber).start(a, b)
    }
  }
}

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {}
