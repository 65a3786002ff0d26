extension Publisher {
  /// Publishes a running result, each value folded into the previous result by a closure that
  /// may throw; a thrown error ends the publisher.
  ///
  /// ```swift
  /// deltas.tryScan(0) { balance, delta in try Ledger.apply(delta, to: balance) }
  /// ```
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the previous result, or throws.
  /// - Returns: A publisher of the results that fails with the error thrown or the upstream's
  ///   error.
  @inlinable
  public func tryScan<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryScan<Self, T> {
    Publishers.TryScan(
      upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher of the running result of folding each upstream value into the previous one
  /// with a closure that may throw.
  ///
  /// Each subscriber starts from `initialResult`; a thrown error cancels the upstream and fails
  /// the downstream with it. Its subscription is named "TryScan" in `print`'s log, as in
  /// Combine.
  public struct TryScan<Upstream: Publisher, Output>: Publisher {
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose values are folded.
    public let upstream: Upstream
    /// The result before the first value.
    public let initialResult: Output
    /// Folds a value into the previous result, or throws.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are folded.
    ///   - initialResult: The result before the first value.
    ///   - nextPartialResult: Folds a value into the previous result, or throws.
    @inlinable
    public init(
      upstream: Upstream, initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    /// Subscribes the folding subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      var result = initialResult
      let next = nextPartialResult
      // `result` is touched only by the upstream's calls, which are serial.
      upstream.subscribe(
        CompactingInner(downstream: subscriber, name: "TryScan") {
          result = try next(result, $0)
          return result
        })
    }
  }
}
