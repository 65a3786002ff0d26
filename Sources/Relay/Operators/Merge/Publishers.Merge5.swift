extension Publisher {
  /// Publishes the values of this publisher and four others as they arrive, interleaved.
  ///
  /// - Parameters:
  ///   - b: A second publisher of the same values and failure.
  ///   - c: A third publisher of the same values and failure.
  ///   - d: A fourth publisher of the same values and failure.
  ///   - e: A fifth publisher of the same values and failure.
  /// - Returns: A publisher of the five publishers' values.
  @inlinable
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(
    with b: B, _ c: C, _ d: D, _ e: E
  )
    -> Publishers.Merge5<Self, B, C, D, E>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure,
    D.Output == Output, D.Failure == Failure, E.Output == Output, E.Failure == Failure
  {
    Publishers.Merge5(self, b, c, d, e)
  }
}

extension Publishers {
  /// A publisher of the values of five publishers, in the order they arrive.
  ///
  /// It behaves as `Merge`, with five upstreams.
  public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>:
    Publisher
  where
    A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure,
    A.Output == D.Output, A.Failure == D.Failure, A.Output == E.Output, A.Failure == E.Failure
  {
    /// The values of all five.
    public typealias Output = A.Output
    /// The failure of all five.
    public typealias Failure = A.Failure

    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B
    /// The third publisher.
    public let c: C
    /// The fourth publisher.
    public let d: D
    /// The fifth publisher.
    public let e: E

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    ///   - e: The fifth publisher.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
    }

    /// Hands the downstream its subscription, then subscribes to each upstream in order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      MergeStorage.start(
        subscriber, a.subscribe, b.subscribe, c.subscribe, d.subscribe, e.subscribe)
    }
  }
}

extension Publishers.Merge5: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {}
