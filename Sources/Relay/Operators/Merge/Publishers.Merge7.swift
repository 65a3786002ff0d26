extension Publisher {
  /// Publishes the values of this publisher and six others as they arrive, interleaved.
  ///
  /// - Parameters:
  ///   - b: A second publisher of the same values and failure.
  ///   - c: A third publisher of the same values and failure.
  ///   - d: A fourth publisher of the same values and failure.
  ///   - e: A fifth publisher of the same values and failure.
  ///   - f: A sixth publisher of the same values and failure.
  ///   - g: A seventh publisher of the same values and failure.
  /// - Returns: A publisher of the seven publishers' values.
  @inlinable
  public func merge<
    B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher
  >(with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G)
    -> Publishers.Merge7<Self, B, C, D, E, F, G>
  where
    B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure,
    D.Output == Output, D.Failure == Failure, E.Output == Output, E.Failure == Failure,
    F.Output == Output, F.Failure == Failure, G.Output == Output, G.Failure == Failure
  {
    Publishers.Merge7(self, b, c, d, e, f, g)
  }
}

extension Publishers {
  /// A publisher of the values of seven publishers, in the order they arrive.
  ///
  /// It behaves as `Merge`, with seven upstreams.
  public struct Merge7<
    A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher
  >: Publisher
  where
    A.Output == B.Output, A.Failure == B.Failure, A.Output == C.Output, A.Failure == C.Failure,
    A.Output == D.Output, A.Failure == D.Failure, A.Output == E.Output, A.Failure == E.Failure,
    A.Output == F.Output, A.Failure == F.Failure, A.Output == G.Output, A.Failure == G.Failure
  {
    /// The values of all seven.
    public typealias Output = A.Output
    /// The failure of all seven.
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
    /// The sixth publisher.
    public let f: F
    /// The seventh publisher.
    public let g: G

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    ///   - c: The third publisher.
    ///   - d: The fourth publisher.
    ///   - e: The fifth publisher.
    ///   - f: The sixth publisher.
    ///   - g: The seventh publisher.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
      self.f = f
      self.g = g
    }

    /// Hands the downstream its subscription, then subscribes to each upstream in order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      MergeStorage.start(
        subscriber, a.subscribe, b.subscribe, c.subscribe, d.subscribe, e.subscribe, f.subscribe,
        g.subscribe)
    }
  }
}

extension Publishers.Merge7: Equatable
where
  A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable
{}
