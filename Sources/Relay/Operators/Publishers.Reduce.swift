extension Publisher {
  /// Folds every value into one result, published when the upstream finishes.
  ///
  /// ```swift
  /// [1, 2, 3].publisher.reduce(0, +).sink { print($0) }  // prints 6
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the result so far.
  /// - Returns: A publisher of the final result; a failure passes instead.
  @inlinable
  public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T)
    -> Publishers.Reduce<Self, T>
  {
    Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher of the result of folding all of its upstream's values into one.
  ///
  /// It asks the upstream for every value and publishes the result, then finishes, once the
  /// upstream finished and the downstream asked for a value. Its subscription is named
  /// "Reduce" in `print`'s log, as in Combine.
  public struct Reduce<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are folded.
    public let upstream: Upstream
    /// The result before the first value.
    public let initial: Output
    /// Folds a value into the result so far.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are folded.
    ///   - initial: The result before the first value.
    ///   - nextPartialResult: Folds a value into the result so far.
    @inlinable
    public init(
      upstream: Upstream, initial: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    /// Subscribes a folding subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let next = nextPartialResult
      upstream.subscribeFolding(subscriber, into: initial, name: "Reduce") { result, value in
        result = result.map { next($0, value) }
      }
    }
  }
}
