extension Publisher {
  /// Transforms each value with a closure.
  ///
  /// ```swift
  /// relay.map { $0 * 2 }.sink { print($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter transform: Turns an upstream value into the value to publish.
  /// - Returns: A publisher of the transformed values.
  @inlinable
  public func map<Result>(_ transform: @escaping (Output) -> Result) -> Publishers.Map<Self, Result>
  {
    Publishers.Map(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms each upstream value with a closure.
  ///
  /// As in Combine, its subscriber receives the upstream's own subscription: `print` after
  /// `map` names the upstream, and requests and cancels go straight to it. A key-path `map`
  /// returns a `MapKeyPath`.
  public struct Map<Upstream: Publisher, Output>: Publisher {
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation.
    public let transform: (Upstream.Output) -> Output

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are transformed.
    ///   - transform: The transformation.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
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

    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Output, Downstream.Failure == Failure {
      @usableFromInline let downstream: Downstream
      @usableFromInline let transform: (Upstream.Output) -> Output

      @inlinable
      init(downstream: Downstream, transform: @escaping (Upstream.Output) -> Output) {
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
        downstream.receive(transform(input))
      }

      /// `Map`, as Combine names the subscriber.
      @usableFromInline var description: String { "Map" }
    }
  }
}

extension Publishers.Map {
  /// Transforms each value with this map's closure and then with `transform`, in one step.
  ///
  /// Combine fuses consecutive maps the same way: the result subscribes to this map's upstream.
  /// - Parameter transform: Turns this map's output into the value to publish.
  /// - Returns: A single map from this map's upstream.
  @inlinable
  public func map<Result>(_ transform: @escaping (Output) -> Result)
    -> Publishers.Map<
      Upstream, Result
    >
  {
    let first = self.transform
    return Publishers.Map(upstream: upstream) { transform(first($0)) }
  }
}
