extension Publisher {
  /// Publishes only the values that satisfy a predicate.
  ///
  /// ```swift
  /// relay.filter { $0.isMultiple(of: 2) }.sink { print($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter isIncluded: Whether to publish a value.
  /// - Returns: A publisher of the values let through.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }
}

extension Publishers {
  /// A publisher that lets through the upstream values satisfying a predicate.
  ///
  /// A value it drops does not use the downstream's demand: it asks the upstream for one more.
  /// As in Combine, its subscriber receives the upstream's own subscription.
  public struct Filter<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are filtered.
    public let upstream: Upstream
    /// Whether to publish a value.
    public let isIncluded: (Upstream.Output) -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are filtered.
    ///   - isIncluded: Whether to publish a value.
    @inlinable
    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    /// Subscribes the filtering subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      // Not `subscribe`: the optimizer will not specialize `subscribe` inside its own
      // specialization, so a chain of operators would run generic code on every value.
      upstream.receive(subscriber: Inner(downstream: subscriber, isIncluded: isIncluded))
    }

    /// Passes on the values let through.
    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
      @usableFromInline let downstream: Downstream
      @usableFromInline let isIncluded: (Output) -> Bool

      @inlinable
      init(downstream: Downstream, isIncluded: @escaping (Output) -> Bool) {
        self.downstream = downstream
        self.isIncluded = isIncluded
      }

      @inlinable
      func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
      }

      @inlinable
      func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
      }

      @inlinable
      func receive(_ input: Output) -> Subscribers.Demand {
        isIncluded(input) ? downstream.receive(input) : .max(1)
      }

      /// `Filter`, as Combine names the subscriber.
      @usableFromInline var description: String { "Filter" }
    }
  }
}

extension Publishers.Filter {
  /// Lets through the values that satisfy this filter's predicate and then `isIncluded`, in
  /// one step.
  ///
  /// Combine fuses consecutive filters the same way: the result subscribes to this filter's
  /// upstream.
  /// - Parameter isIncluded: Whether to publish a value this filter lets through.
  /// - Returns: A single filter from this filter's upstream.
  @inlinable
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
    let first = self.isIncluded
    return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
  }
}
