extension Publisher {
  /// Turns the upstream's error into another error.
  ///
  /// ```swift
  /// request.mapError { AppError.network($0) }
  /// ```
  /// - Parameter transform: Turns the upstream's error into the error to publish.
  /// - Returns: A publisher of the same values that fails with the transformed error.
  @inlinable
  public func mapError<E: Error>(_ transform: @escaping (Failure) -> E)
    -> Publishers.MapError<Self, E>
  {
    Publishers.MapError(upstream: self, transform)
  }
}

extension Publishers {
  /// A publisher that transforms its upstream's error.
  ///
  /// The upstream's subscription is passed to the downstream unchanged, as in Combine.
  public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output

    /// The publisher whose error is transformed.
    public let upstream: Upstream
    /// Turns the upstream's error into the error to publish.
    public let transform: (Upstream.Failure) -> Failure

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose error is transformed.
    ///   - transform: Turns the upstream's error into the error to publish.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose error is transformed.
    ///   - map: Turns the upstream's error into the error to publish.
    @inlinable
    public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
      self.init(upstream: upstream, transform: map)
    }

    /// Subscribes the transforming subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, transform: transform))
    }
  }
}

extension Publishers.MapError {
  private struct Inner<Downstream: Subscriber>: Subscriber
  where Downstream.Input == Output, Downstream.Failure == Failure {
    let downstream: Downstream
    let transform: (Upstream.Failure) -> Failure

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      switch completion {
      case .finished: downstream.receive(completion: .finished)
      case .failure(let error): downstream.receive(completion: .failure(transform(error)))
      }
    }
  }
}
