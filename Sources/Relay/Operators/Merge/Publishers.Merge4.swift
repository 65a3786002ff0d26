extension Publisher {
  /// Publishes the values of this publisher and three others as they arrive, interleaved.
  ///
  /// - Parameters:
  ///   - b: A second publisher of the same values and failure.
  ///   - c: A third publisher of the same values and failure.
  ///   - d: A fourth publisher of the same values and failure.
  /// - Returns: A publisher of the four publishers' values.
  @inlinable
  public func merge<B: Publisher, C: Publisher, D: Publisher>(with b: B, _ c: C, _ d: D)
    -> Publishers.Merge4<Self, B, C, D>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure,
    D.Output == Output, D.Failure == Failure
  {
    Publishers.Merge4(self, b, c, d)
  }
}

extension Publishers {
  /// A publisher of the values of four publishers, in the order they arrive.
  ///
  /// It behaves as `Merge`, with four upstreams.
  public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where
    A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure,
    A.Output == D.Output, A.Failure == D.Failure
  {
    /// The values of all four.
    public typealias Output = A.Output
    /// The failure of all four.
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
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      MergeStorage.start(
        subscriber,
        a.subscribe, b.subscribe, c.subscribe, d.subscribe)
    }
  }
}

extension Publishers.Merge4: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}
