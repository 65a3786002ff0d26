extension Publisher {
  /// Publishes the values of this publisher and two others as they arrive, interleaved.
  ///
  /// - Parameters:
  ///   - b: A second publisher of the same values and failure.
  ///   - c: A third publisher of the same values and failure.
  /// - Returns: A publisher of the three publishers' values.
  @inlinable
  public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
  where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
    Publishers.Merge3(self, b, c)
  }
}

extension Publishers {
  /// A publisher of the values of three publishers, in the order they arrive.
  ///
  /// It behaves as `Merge`, with three upstreams.
  public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where
    A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure
  {
    /// The values of all three.
    public typealias Output = A.Output
    /// The failure of all three.
    public typealias Failure = A.Failure

    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B
    /// The third publisher.
    public let c: C

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    /// Hands the downstream its subscription, then subscribes to each upstream in order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      MergeStorage.start(subscriber, a.subscribe, b.subscribe, c.subscribe)
    }
  }
}

extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
