extension Publisher where Output: Equatable {
  /// Publishes a value only when it differs from the value published before it.
  ///
  /// ```swift
  /// relay.removeDuplicates().sink { print($0) }   // 1 1 2 1 → 1 2 1
  /// ```
  /// - Returns: A publisher without consecutive duplicates.
  @inlinable
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
    removeDuplicates(by: ==)
  }
}

extension Publisher {
  /// Publishes a value only when a predicate says it does not repeat the previous one.
  ///
  /// ```swift
  /// relay.map { ($0.a, $0.b) }.removeDuplicates(by: ==).sink { print($0) }
  /// ```
  /// - Parameter predicate: Whether the second value repeats the first, the last one
  ///   published.
  /// - Returns: A publisher without consecutive duplicates.
  @inlinable
  public func removeDuplicates(
    by predicate: @escaping (Output, Output) -> Bool
  ) -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that drops upstream values repeating the last value it published.
  ///
  /// Each subscriber keeps its own last value. A dropped value does not use the downstream's
  /// demand: it asks the upstream for one more.
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose duplicates are dropped.
    public let upstream: Upstream
    /// Whether the second value repeats the first.
    public let predicate: (Output, Output) -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose duplicates are dropped.
    ///   - predicate: Whether the second value repeats the first.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes the deduplicating subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      // Not `subscribe`: the optimizer will not specialize `subscribe` inside its own
      // specialization, so a chain of operators would run generic code on every value.
      upstream.receive(subscriber: Inner(downstream: subscriber, predicate: predicate))
    }

    // Not Sendable: `last` is touched only by the upstream's calls, which never overlap.
    @usableFromInline
    final class Inner<Downstream: Subscriber>: Subscriber
    where Downstream.Input == Output, Downstream.Failure == Failure {
      @usableFromInline let downstream: Downstream
      @usableFromInline let predicate: (Output, Output) -> Bool
      @exclusivity(unchecked) @usableFromInline var last: Output?

      @inlinable
      init(downstream: Downstream, predicate: @escaping (Output, Output) -> Bool) {
        self.downstream = downstream
        self.predicate = predicate
      }

      @inlinable
      func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
      }

      @inlinable
      func receive(_ input: Output) -> Subscribers.Demand {
        if let last, predicate(last, input) { return .max(1) }
        last = input
        return downstream.receive(input)
      }

      @inlinable
      func receive(completion: Subscribers.Completion<Failure>) {
        last = nil
        downstream.receive(completion: completion)
      }
    }
  }
}
