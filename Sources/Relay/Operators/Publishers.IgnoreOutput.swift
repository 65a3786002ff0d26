extension Publisher {
  /// Drops every value and passes the completion on.
  ///
  /// ```swift
  /// upload.ignoreOutput().sink(receiveCompletion: { print("upload: \($0)") }, receiveValue: { _ in })
  ///   .store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of no value that completes as the upstream does.
  @inlinable
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    Publishers.IgnoreOutput(upstream: self)
  }
}

extension Publishers {
  /// A publisher that drops every value of its upstream and passes its completion on.
  ///
  /// It asks the upstream for every value once the downstream has the upstream's subscription,
  /// which it passes on unchanged, as in Combine.
  public struct IgnoreOutput<Upstream: Publisher>: Publisher {
    /// No value is ever published.
    public typealias Output = Never
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are dropped.
    public let upstream: Upstream

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publisher whose values are dropped.
    @inlinable
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes a dropping subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.receive(subscriber: Inner(downstream: subscriber))
    }

    /// Drops the values and passes the rest on.
    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Never, Downstream.Failure == Failure {
      @usableFromInline let downstream: Downstream

      @inlinable
      init(downstream: Downstream) { self.downstream = downstream }

      @inlinable
      func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
        subscription.request(.unlimited)
      }

      @inlinable
      func receive(_ input: Upstream.Output) -> Subscribers.Demand { .none }

      @inlinable
      func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
      }

      /// `IgnoreOutput`, as Combine names the subscriber.
      @usableFromInline var description: String { "IgnoreOutput" }
    }
  }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}
