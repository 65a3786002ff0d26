extension Publisher {
  /// Skips the first `count` values and publishes the rest.
  ///
  /// ```swift
  /// $state.dropFirst().sink { save($0) }   // skips the current value, reacts to changes
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter count: How many values to skip; one by default.
  /// - Returns: A publisher of the values after the first `count`.
  @inlinable
  public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
    Publishers.Drop(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that skips its upstream's first values.
  ///
  /// The downstream receives its subscription before the upstream is subscribed, as in
  /// Combine; the first request to the upstream adds the values to skip. Unlike Combine, it
  /// passes on at most one completion and nothing after a completion or a cancel.
  public struct Drop<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose first values are skipped.
    public let upstream: Upstream
    /// How many values to skip.
    public let count: Int

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose first values are skipped.
    ///   - count: How many values to skip; not negative.
    @inlinable
    public init(upstream: Upstream, count: Int) {
      self.upstream = upstream
      self.count = count
    }

    /// Hands the downstream its subscription, then subscribes to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      precondition(count >= 0, "dropFirst(\(count)): the count cannot be negative")
      let inner = Inner(downstream: subscriber, count: count)
      subscriber.receive(subscription: inner)
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.Drop: Equatable where Upstream: Equatable {}

extension Publishers.Drop {
  private final class Inner<Downstream: Subscriber>: OperatorInner<
    Upstream.Output, Upstream.Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `remaining` is touched only by the upstream's calls, which are serial.
    private var remaining: Int

    init(downstream: Downstream, count: Int) {
      remaining = count
      super.init(downstream: downstream)
    }

    override var description: String { "Drop" }

    // The downstream already has this subscription.
    override func didSubscribe(_ upstream: any Subscription) {}

    override func upstreamDemand(for demand: Subscribers.Demand, first: Bool)
      -> Subscribers.Demand
    {
      first ? demand + remaining : demand
    }

    override func forward(_ input: Upstream.Output) -> Subscribers.Demand {
      if remaining > 0 {
        remaining -= 1
        return .none
      }
      return downstream.receive(input)
    }

    override func forward(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion)
    }
  }
}
