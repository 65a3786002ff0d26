extension Publisher {
  /// Publishes the values in arrays of a given size, and what is left, if anything, when the
  /// upstream finishes.
  ///
  /// ```swift
  /// [1, 2, 3, 4, 5].publisher.collect(2).sink { print($0) }  // [1, 2], [3, 4], [5]
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter count: How many values an array holds.
  /// - Returns: A publisher of arrays of `count` values, the last one shorter.
  @inlinable
  public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
    Publishers.CollectByCount(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that gathers its upstream's values into arrays of a given size.
  ///
  /// Each array the downstream asks for asks the upstream for `count` values. When the upstream
  /// finishes, the values gathered so far are published, if any, then `.finished`; a failure
  /// drops them. Its subscription is named "CollectByCount" in `print`'s log, as in Combine.
  public struct CollectByCount<Upstream: Publisher>: Publisher {
    /// Arrays of the upstream's values.
    public typealias Output = [Upstream.Output]
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are gathered.
    public let upstream: Upstream
    /// How many values an array holds.
    public let count: Int

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are gathered.
    ///   - count: How many values an array holds.
    @inlinable
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = count
    }

    /// Subscribes the gathering subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      precondition(count > 0, "collect(\(count)): the count must be positive")
      upstream.subscribe(Inner(downstream: subscriber, count: count))
    }
  }
}

extension Publishers.CollectByCount: Equatable where Upstream: Equatable {}

extension Publishers.CollectByCount {
  private final class Inner<Downstream: Subscriber>: OperatorInner<
    Upstream.Output, Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `buffer` is touched only by the upstream's calls, which are serial.
    private let count: Int
    private var buffer: [Upstream.Output] = []

    init(downstream: Downstream, count: Int) {
      self.count = count
      super.init(downstream: downstream)
      buffer.reserveCapacity(count)
    }

    override var description: String { "CollectByCount" }

    /// Each array asked for is `count` values.
    override func upstreamDemand(for demand: Subscribers.Demand, first: Bool)
      -> Subscribers.Demand
    {
      demand * count
    }

    override func forward(_ input: Upstream.Output) -> Subscribers.Demand {
      buffer.append(input)
      guard buffer.count == count else { return .none }
      let full = buffer
      buffer.removeAll(keepingCapacity: true)
      return downstream.receive(full) * count
    }

    override func forward(completion: Subscribers.Completion<Failure>) {
      let rest = buffer
      buffer = []
      if case .finished = completion, !rest.isEmpty { _ = downstream.receive(rest) }
      downstream.receive(completion: completion)
    }
  }
}
