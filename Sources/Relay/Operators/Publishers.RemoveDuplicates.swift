extension Publisher where Output: Equatable {
  /// Publishes a value only when it differs from the value received before it.
  ///
  /// ```swift
  /// relay.removeDuplicates().sink { print($0) }.store(in: &subscriptions)   // 1 1 2 1 → 1 2 1
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
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter predicate: Whether the second value repeats the first, the last one
  ///   received (published or dropped).
  /// - Returns: A publisher without consecutive duplicates.
  @inlinable
  public func removeDuplicates(
    by predicate: @escaping (Output, Output) -> Bool
  ) -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that drops upstream values repeating the value before them.
  ///
  /// Each subscriber keeps its own previous value: the last value the upstream sent it, as in
  /// Combine, whether it was published or dropped. A dropped value does not use the
  /// downstream's demand: it asks the upstream for one more.
  ///
  /// Its subscriber receives this operator's own subscription, named `RemoveDuplicates` as in
  /// Combine. A second subscription from the upstream is cancelled, and so is one that arrives
  /// after the subscriber cancelled (Combine's does the same). After a cancel or a completion,
  /// values are ignored. A request before the subscription, or a value or completion before
  /// it, stops the program, as in Combine.
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

    /// Drops duplicates; it is also the downstream's subscription.
    @usableFromInline
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
      @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      // `status` is guarded by its lock, and `phase` mirrors it for the value path, which
      // reads it without the lock. `last` and `hasLast` are touched only by the upstream's
      // calls, which never overlap.
      @usableFromInline let downstream: Downstream
      @usableFromInline let predicate: (Output, Output) -> Bool
      @usableFromInline let status = Lock<OperatorStatus>.make(.awaiting)
      @usableFromInline let phase = AtomicWord<OperatorPhase>(.awaiting)
      /// The previous value, initialized when `hasLast`.
      @usableFromInline let last = UnsafeMutablePointer<Output>.allocate(capacity: 1)
      @exclusivity(unchecked) @usableFromInline var hasLast = false

      @inlinable
      init(downstream: Downstream, predicate: @escaping (Output, Output) -> Bool) {
        self.downstream = downstream
        self.predicate = predicate
      }

      deinit {
        forgetLast()
        last.deallocate()
        phase.deallocate()
      }

      @inlinable
      func forgetLast() {
        if hasLast { last.deinitialize(count: 1) }
        hasLast = false
      }

      @inlinable
      func receive(subscription: any Subscription) {
        guard status.accept(subscription, phase: phase) else { return subscription.cancel() }
        downstream.receive(subscription: self)
      }

      @inlinable
      func receive(_ input: Output) -> Subscribers.Demand {
        guard phase.load() == .primed else { return receiveFirst(input) }
        // Moved out and back in: a comparison in place would copy (retain) the value first.
        let previous = last.move()
        last.initialize(to: input)
        return predicate(previous, input) ? .max(1) : downstream.receive(input)
      }

      /// The first value, or one after the end.
      @inlinable @inline(never)
      func receiveFirst(_ input: Output) -> Subscribers.Demand {
        let current = phase.load()
        precondition(
          current != .awaiting, "RemoveDuplicates received a value before a subscription")
        if current == .terminated { return .none }
        last.initialize(to: input)
        hasLast = true
        guard phase.prime() else { return .none }
        return downstream.receive(input)
      }

      @inlinable
      func receive(completion: Subscribers.Completion<Failure>) {
        switch status.finish(phase: phase) {
        case .awaiting:
          preconditionFailure("RemoveDuplicates received a completion before a subscription")
        case .terminated: return
        case .subscribed: break
        }
        forgetLast()
        downstream.receive(completion: completion)
      }

      @inlinable
      func request(_ demand: Subscribers.Demand) {
        _checkDemand(demand)
        switch status.withLock({ $0 }) {
        case .awaiting:
          preconditionFailure("RemoveDuplicates was asked for values before a subscription")
        case .subscribed(let upstream): upstream.request(demand)
        case .terminated: break
        }
      }

      @inlinable
      func cancel() { status.cancel(phase: phase)?.cancel() }

      /// `RemoveDuplicates`, as Combine names the subscription.
      @usableFromInline var description: String { "RemoveDuplicates" }
    }
  }
}
