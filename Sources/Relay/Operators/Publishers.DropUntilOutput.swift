extension Publisher {
  /// Drops values until another publisher sends one, then publishes every value.
  ///
  /// ```swift
  /// measurements.drop(untilOutputFrom: warmUpFinished).sink { record($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter publisher: The publisher whose first value starts the values; its completion
  ///   before that ends this publisher.
  /// - Returns: A publisher of the values sent after `publisher`'s first.
  @inlinable
  public func drop<P: Publisher>(untilOutputFrom publisher: P)
    -> Publishers.DropUntilOutput<Self, P>
  where Failure == P.Failure {
    Publishers.DropUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// A publisher that drops its upstream's values until another publisher sends one.
  ///
  /// As in Combine, its subscriber has its subscription before anything is subscribed to; it
  /// subscribes to the other publisher, asking it for one value, then to the upstream. A value
  /// dropped counts against the downstream's demand. The other's completion before its first
  /// value ends the publisher with it, cancelling the upstream (Combine lets the upstream's
  /// values through after that, and repeats the completion; Relay stops there); after its first
  /// value, it is ignored. The downstream is called by one thread at a time. Its subscription
  /// is named "DropUntilOutput" in `print`'s log.
  public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
  where Upstream.Failure == Other.Failure {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The failure of both publishers.
    public typealias Failure = Upstream.Failure

    /// The publisher whose later values are published.
    public let upstream: Upstream
    /// The publisher whose first value starts the values.
    public let other: Other

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose later values are published.
    ///   - other: The publisher whose first value starts the values.
    @inlinable
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Hands the subscriber its subscription, then subscribes to the other publisher and the
    /// upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber)
      subscriber.receive(subscription: inner)
      other.subscribe(Inner.Trigger(inner: inner))
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publishers.DropUntilOutput {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
    // the runner of the state's delivery, through `driver`.
    typealias Event = DownstreamEvent<Output, Failure>

    /// The subscriber attached to the other publisher.
    struct Trigger: Subscriber {
      let inner: Inner

      func receive(subscription: any Subscription) { inner.triggerReceive(subscription) }

      func receive(_ input: Other.Output) -> Subscribers.Demand {
        _ = inner.state.withLock { state in  // released outside the lock
          state.isTriggered = true
          return state.trigger.end()
        }
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        inner.triggerReceive(completion)
      }
    }

    struct State: DownstreamDriverState {
      var upstream = OperatorStatus.awaiting
      var trigger = OperatorStatus.awaiting
      /// What the downstream asked for and was not sent, dropped values counted.
      var demand = Subscribers.Demand.none
      var isTriggered = false
      /// The completion was queued, or the downstream cancelled.
      var isTerminated = false
      var delivery = SerialDelivery<Event>()

      /// Demand the downstream returns for a value that waited passes to the upstream.
      mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity)
        -> UpstreamCalls?
      {
        demand += more
        return upstream.subscription.map(UpstreamCalls.request)
      }
    }

    let driver: DownstreamDriver<State, Downstream>
    var state: Lock<State> { driver.state }

    init(downstream: Downstream) {
      driver = DownstreamDriver(downstream: downstream, state: State())
    }

    var description: String { "DropUntilOutput" }

    func triggerReceive(_ subscription: any Subscription) {
      guard state.withLock({ !$0.isTerminated && $0.trigger.accept(subscription) }) else {
        return subscription.cancel()
      }
      subscription.request(.max(1))
    }

    func triggerReceive(_ completion: Subscribers.Completion<Failure>) {
      let ended = state.withLock { state -> (OperatorStatus, SerialDelivery<Event>.Submission)? in
        _ = state.trigger.end()
        guard !state.isTriggered, !state.isTerminated else { return nil }
        state.isTerminated = true
        let submission = state.delivery.submit(.completion(completion), from: .current)
        return (state.upstream.end(), submission)
      }
      guard let (upstream, submission) = ended else { return }
      upstream.subscription?.cancel()
      driver.perform(submission, from: .current)
    }

    func receive(subscription: any Subscription) {
      let demand = state.withLock { state -> Subscribers.Demand? in
        guard !state.isTerminated, state.upstream.accept(subscription) else { return nil }
        return state.demand
      }
      guard let demand else { return subscription.cancel() }
      if demand != .none { subscription.request(demand) }
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      let thread = ThreadIdentity.current
      let submission = state.withLock { state -> SerialDelivery<Event>.Submission in
        guard case .subscribed = state.upstream, !state.isTerminated else { return .waits }
        if state.demand > 0 { state.demand -= 1 }
        guard state.isTriggered else { return .waits }
        return state.delivery.submit(.value(input), from: thread)
      }
      let more = driver.deliver(submission, from: thread)
      if more != .none { state.withLock { $0.demand += more } }
      return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let ended = state.withLock { state -> (OperatorStatus, SerialDelivery<Event>.Submission)? in
        guard case .subscribed = state.upstream, !state.isTerminated else { return nil }
        state.isTerminated = true
        _ = state.upstream.end()
        let submission = state.delivery.submit(.completion(completion), from: .current)
        return (state.trigger.end(), submission)
      }
      guard let (trigger, submission) = ended else { return }
      trigger.subscription?.cancel()
      driver.perform(submission, from: .current)
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      state.withLock { state in
        state.demand += demand
        return state.upstream.subscription
      }?.request(demand)
    }

    func cancel() {
      let (upstream, trigger, waiting) = state.withLock { state in
        state.isTerminated = true
        return (state.upstream.end(), state.trigger.end(), state.delivery.removeAll())
      }
      _ = waiting  // released outside the lock
      upstream.subscription?.cancel()
      trigger.subscription?.cancel()
    }
  }
}
