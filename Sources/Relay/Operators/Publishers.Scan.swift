extension Publisher {
  /// Publishes a running result: each value folded into the previous result.
  ///
  /// ```swift
  /// taps.scan(0) { count, _ in count + 1 }.sink { print("taps: \($0)") }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - initialResult: The result before the first value.
  ///   - nextPartialResult: Folds a value into the previous result.
  /// - Returns: A publisher of the results.
  @inlinable
  public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T)
    -> Publishers.Scan<Self, T>
  {
    Publishers.Scan(
      upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher of the running result of folding each upstream value into the previous one.
  ///
  /// Each subscriber starts from `initialResult`. The upstream's subscription is passed to
  /// the downstream unchanged, as in Combine.
  public struct Scan<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are folded.
    public let upstream: Upstream
    /// The result before the first value.
    public let initialResult: Output
    /// Folds a value into the previous result.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are folded.
    ///   - initialResult: The result before the first value.
    ///   - nextPartialResult: Folds a value into the previous result.
    @inlinable
    public init(
      upstream: Upstream, initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    /// Subscribes the folding subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        Inner(downstream: subscriber, result: initialResult, next: nextPartialResult))
    }
  }
}

extension Publishers.Scan {
  private final class Inner<Downstream: Subscriber>: Subscriber
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `result` is touched only by the upstream's calls, which are serial.
    let downstream: Downstream
    private var result: Output
    private let next: (Output, Upstream.Output) -> Output

    init(
      downstream: Downstream, result: Output, next: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.downstream = downstream
      self.result = result
      self.next = next
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      result = next(result, input)
      return downstream.receive(result)
    }
  }
}
