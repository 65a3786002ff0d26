extension Publisher {
  /// Folds every value into one result with a closure that may throw, published when the
  /// upstream finishes; a thrown error ends the publisher.
  ///
  /// ```swift
  /// amounts.tryReduce(0) { total, amount in
  ///   guard amount >= 0 else { throw LedgerError.negative }
  ///   return total + amount
  /// }
  /// ```
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the result so far, or throws.
  /// - Returns: A publisher of the final result that fails with the error thrown or the
  ///   upstream's error.
  @inlinable
  public func tryReduce<T>(
    _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryReduce<Self, T> {
    Publishers.TryReduce(
      upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher of the result of folding all of its upstream's values into one with a closure
  /// that may throw.
  ///
  /// A thrown error cancels the upstream and fails the downstream with it. Its subscription is
  /// named "TryReduce" in `print`'s log, as in Combine.
  public struct TryReduce<Upstream: Publisher, Output>: Publisher {
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose values are folded.
    public let upstream: Upstream
    /// The result before the first value.
    public let initial: Output
    /// Folds a value into the result so far, or throws.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are folded.
    ///   - initial: The result before the first value.
    ///   - nextPartialResult: Folds a value into the result so far, or throws.
    @inlinable
    public init(
      upstream: Upstream, initial: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    /// Subscribes a folding subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let next = nextPartialResult
      upstream.subscribeTryFolding(subscriber, into: initial, name: "TryReduce") {
        result, value in result = try result.map { try next($0, value) }
      }
    }
  }
}
