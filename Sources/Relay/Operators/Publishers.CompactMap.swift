extension Publisher {
  /// Transforms each value with a closure and publishes the results that are not `nil`.
  ///
  /// ```swift
  /// strings.compactMap { Int($0) }.sink { print($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter transform: Turns a value into a result, or `nil` to drop it.
  /// - Returns: A publisher of the non-`nil` results.
  @inlinable
  public func compactMap<Result>(
    _ transform: @escaping (Output) -> Result?
  ) -> Publishers.CompactMap<Self, Result> {
    Publishers.CompactMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher of the non-`nil` results of transforming each upstream value.
  ///
  /// A value it drops does not use the downstream's demand: it asks the upstream for one more.
  /// As in Combine, its subscriber receives the upstream's own subscription.
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation; `nil` drops the value.
    public let transform: (Upstream.Output) -> Output?

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are transformed.
    ///   - transform: The transformation; `nil` drops the value.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Subscribes the transforming subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      // Not `subscribe`: the optimizer will not specialize `subscribe` inside its own
      // specialization, so a chain of operators would run generic code on every value.
      upstream.receive(subscriber: Inner(downstream: subscriber, transform: transform))
    }

    /// Passes on the non-`nil` results.
    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
      @usableFromInline let downstream: Downstream
      @usableFromInline let transform: (Upstream.Output) -> Output?

      @inlinable
      init(downstream: Downstream, transform: @escaping (Upstream.Output) -> Output?) {
        self.downstream = downstream
        self.transform = transform
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
      func receive(_ input: Upstream.Output) -> Subscribers.Demand {
        guard let output = transform(input) else { return .max(1) }
        return downstream.receive(output)
      }

      /// `CompactMap`, as Combine names the subscriber.
      @usableFromInline var description: String { "CompactMap" }
    }
  }
}

extension Publishers.CompactMap {
  /// Transforms each value with this operator's closure and then with `transform`, dropping
  /// `nil` from either, in one step.
  ///
  /// Combine fuses them the same way: the result subscribes to this operator's upstream.
  /// - Parameter transform: Turns this operator's output into a result, or `nil` to drop it.
  /// - Returns: A single `compactMap` from this operator's upstream.
  @inlinable
  public func compactMap<Result>(
    _ transform: @escaping (Output) -> Result?
  ) -> Publishers.CompactMap<Upstream, Result> {
    let first = self.transform
    return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
  }

  /// Transforms each value with this operator's closure, dropping `nil`, and then with
  /// `transform`, in one step, as Combine does.
  ///
  /// - Parameter transform: Turns this operator's output into the value to publish.
  /// - Returns: A single `compactMap` from this operator's upstream.
  @inlinable
  public func map<Result>(
    _ transform: @escaping (Output) -> Result
  ) -> Publishers.CompactMap<Upstream, Result> {
    let first = self.transform
    return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
  }
}
