extension Publisher {
  /// Subscribes to this publisher again each time the trigger, made from its failures, sends a
  /// value.
  ///
  /// The handler receives a publisher of this publisher's failures and returns the trigger:
  /// each value it sends subscribes again, its finishing finishes, and its failure fails (when
  /// the error is of this publisher's failure type; otherwise it is ignored, as in CombineExt).
  ///
  /// ```swift
  /// fetchPage()
  ///   .retryWhen { failures in failures.prefix(3).delay(for: .seconds(1), scheduler: queue) }
  ///   .sink(receiveCompletion: { _ in }, receiveValue: { show($0) })
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter notificationHandler: Makes the trigger from the publisher of failures.
  /// - Returns: A publisher that retries as the trigger says.
  @inlinable
  public func retryWhen<Trigger: Publisher>(
    _ notificationHandler: @escaping (AnyPublisher<Failure, Never>) -> Trigger
  ) -> Publishers.RetryWhen<Self, Trigger, Output, Failure> {
    Publishers.RetryWhen(upstream: self, notificationHandler: notificationHandler)
  }
}

extension Publishers {
  /// A publisher that subscribes to its upstream again each time a trigger made from the
  /// upstream's failures sends a value.
  ///
  /// The subscriber receives its subscription first; then the trigger is made and subscribed,
  /// and then the upstream. Demand the subscriber asked for and did not receive is asked of
  /// each new subscription. A failure of the upstream is not delivered: it goes to the trigger.
  /// The subscriber's calls come from the upstream's calls, or once from the trigger's
  /// completion; its subscription is named "RetryWhen" in `print`'s log.
  public struct RetryWhen<Upstream: Publisher, Trigger: Publisher, Output, Failure>: Publisher
  where Upstream.Output == Output, Upstream.Failure == Failure {
    /// The publisher subscribed to again.
    public let upstream: Upstream
    /// Makes the trigger from the publisher of the upstream's failures.
    public let notificationHandler: (AnyPublisher<Failure, Never>) -> Trigger

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher subscribed to again.
    ///   - notificationHandler: Makes the trigger from the publisher of the upstream's failures.
    @inlinable
    public init(
      upstream: Upstream,
      notificationHandler: @escaping (AnyPublisher<Failure, Never>) -> Trigger
    ) {
      self.upstream = upstream
      self.notificationHandler = notificationHandler
    }

    /// Hands the subscriber its subscription, then subscribes the trigger and the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, upstream: upstream)
      subscriber.receive(subscription: inner)
      inner.start(trigger: notificationHandler(inner.failures.eraseToAnyPublisher()))
    }
  }
}

extension Publishers.RetryWhen {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // Every mutable field is in `state`, guarded by its lock. The upstream, the trigger and the
    // downstream are called with no lock held.
    struct State {
      /// The current attempt's subscription.
      var upstream: (any Subscription)?
      /// The current attempt subscribed and has not completed.
      var isAttempting = false
      /// The trigger's subscriber, which holds this subscription until it is cancelled.
      var trigger: (any Cancellable)?
      var demand = Subscribers.Demand.none
      /// A subscribe call is in progress: a retry asked meanwhile runs after it, not inside it.
      var isSubscribing = false
      var subscribesAgain = false
      var isTerminated = false
    }

    let downstream: Downstream
    let upstream: Upstream
    let failures = PassthroughRelay<Failure>()
    let state = Lock<State>.make(State())

    init(downstream: Downstream, upstream: Upstream) {
      self.downstream = downstream
      self.upstream = upstream
    }

    var description: String { "RetryWhen" }

    func start(trigger: Trigger) {
      let sink = Subscribers.Sink<Trigger.Output, Trigger.Failure>(
        receiveCompletion: { self.triggerCompleted($0) }, receiveValue: { _ in self.subscribe() })
      let isTerminated = state.withLock { state in
        if !state.isTerminated { state.trigger = sink }
        return state.isTerminated
      }
      guard !isTerminated else { return }
      trigger.subscribe(sink)
      subscribe()
    }

    /// Subscribes to the upstream, unless an attempt runs (the trigger sent a value), and again
    /// for each retry asked during the call.
    private func subscribe() {
      let starts = state.withLock { state in
        guard !state.isTerminated, !state.isAttempting else { return false }
        guard !state.isSubscribing else {
          state.subscribesAgain = true
          return false
        }
        state.isSubscribing = true
        return true
      }
      guard starts else { return }
      var again = true
      while again {
        state.withLock {
          $0.subscribesAgain = false
          $0.isAttempting = true
        }
        upstream.subscribe(self)
        again = state.withLock { state in
          state.isSubscribing = state.subscribesAgain && !state.isTerminated
          return state.isSubscribing
        }
      }
    }

    func receive(subscription: any Subscription) {
      let demand = state.withLock { state -> Subscribers.Demand? in
        guard !state.isTerminated, state.isAttempting, state.upstream == nil else { return nil }
        state.upstream = subscription
        return state.demand
      }
      guard let demand else { return subscription.cancel() }
      if demand != .none { subscription.request(demand) }
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      let passes = state.withLock { state in
        guard !state.isTerminated, state.upstream != nil else { return false }
        if state.demand > 0 { state.demand -= 1 }
        return true
      }
      guard passes else { return .none }
      let more = downstream.receive(input)
      guard more != .none else { return .none }
      state.withLock { $0.demand += more }
      return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let ended = state.withLock { state -> (any Cancellable)?? in
        guard !state.isTerminated, state.isAttempting else { return nil }
        state.isAttempting = false
        defer { state.upstream = nil }
        if case .finished = completion {
          state.isTerminated = true
          return .some(state.trigger.take())
        }
        return .some(nil)
      }
      guard let ended else { return }
      switch completion {
      case .finished:
        ended?.cancel()
        downstream.receive(completion: .finished)
      case .failure(let failure):
        failures.send(failure)
      }
    }

    /// The trigger completed: so does the subscriber, unless its failure has another type.
    func triggerCompleted(_ completion: Subscribers.Completion<Trigger.Failure>) {
      let ending: Subscribers.Completion<Failure>
      switch completion {
      case .finished: ending = .finished
      case .failure(let error):
        guard let failure = error as? Failure else { return }
        ending = .failure(failure)
      }
      let ended = state.withLock { state -> ((any Subscription)?, (any Cancellable)?)? in
        guard !state.isTerminated else { return nil }
        state.isTerminated = true
        return (state.upstream.take(), state.trigger.take())
      }
      guard let (upstream, trigger) = ended else { return }
      upstream?.cancel()
      _ = trigger  // released outside the lock
      downstream.receive(completion: ending)
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      state.withLock { state -> (any Subscription)? in
        guard !state.isTerminated else { return nil }
        state.demand += demand
        return state.upstream
      }?.request(demand)
    }

    func cancel() {
      let (upstream, trigger) = state.withLock { state in
        state.isTerminated = true
        return (state.upstream.take(), state.trigger.take())
      }
      upstream?.cancel()
      trigger?.cancel()
    }
  }
}
