extension Publisher where Failure == Never {
  /// Gives a publisher that cannot fail the failure type another publisher needs.
  ///
  /// ```swift
  /// $query.setFailureType(to: URLError.self).combineLatest(request)
  /// ```
  /// - Parameter failureType: The failure type to take.
  /// - Returns: The same publisher, typed as failing with `failureType`; it never does.
  @inlinable
  public func setFailureType<E: Error>(to failureType: E.Type)
    -> Publishers.SetFailureType<
      Self, E
    >
  {
    Publishers.SetFailureType(upstream: self)
  }
}

extension Publishers {
  /// A publisher that cannot fail, typed as one that can.
  ///
  /// The upstream's subscription is passed to the downstream unchanged, as in Combine.
  public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher
  where Upstream.Failure == Never {
    /// The upstream's values.
    public typealias Output = Upstream.Output

    /// The publisher that cannot fail.
    public let upstream: Upstream

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publisher that cannot fail.
    @inlinable
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes the retyping subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber))
    }

    /// Retypes a publisher that cannot fail again.
    ///
    /// - Parameter failureType: The new failure type.
    /// - Returns: The upstream, typed with `failureType`.
    public func setFailureType<E: Error>(to failureType: E.Type)
      -> Publishers.SetFailureType<
        Upstream, E
      >
    {
      Publishers.SetFailureType<Upstream, E>(upstream: upstream)
    }
  }
}

extension Publishers.SetFailureType: Equatable where Upstream: Equatable {}

extension Publishers.SetFailureType {
  private struct Inner<Downstream: Subscriber>: Subscriber
  where Downstream.Input == Output, Downstream.Failure == Failure {
    let downstream: Downstream

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }

    func receive(completion: Subscribers.Completion<Never>) {
      downstream.receive(completion: .finished)
    }
  }
}
