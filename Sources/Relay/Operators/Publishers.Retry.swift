extension Publisher {
  /// Subscribes to the upstream again when it fails, up to a number of times.
  ///
  /// ```swift
  /// fetchProfile.retry(2).sink(receiveCompletion: { report($0) }, receiveValue: { show($0) })
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter retries: How many times to subscribe again; a negative number, forever.
  /// - Returns: A publisher of the upstream's values, across attempts, that fails with the
  ///   last attempt's failure.
  @inlinable
  public func retry(_ retries: Int) -> Publishers.Retry<Self> {
    Publishers.Retry(upstream: self, retries: retries)
  }
}

extension Publishers {
  /// A publisher that subscribes to its upstream again when it fails.
  ///
  /// As in Combine: the downstream keeps one subscription across attempts; each new attempt is
  /// asked for the demand the downstream asked for and did not receive; demand the downstream
  /// returns from a value is requested from the attempt in progress. With `retries` `nil` or
  /// negative it retries forever. An upstream that fails at once while being subscribed to is
  /// subscribed to again in a loop, not in a deeper call. Its subscription is named "Retry" in
  /// `print`'s log.
  public struct Retry<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher to subscribe to again.
    public let upstream: Upstream
    /// How many times to subscribe again; `nil` (or negative) for forever.
    public let retries: Int?

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher to subscribe to again.
    ///   - retries: How many times to subscribe again; `nil` (or negative) for forever.
    @inlinable
    public init(upstream: Upstream, retries: Int?) {
      self.upstream = upstream
      self.retries = retries
    }

    /// Subscribes the retrying subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}

extension Publishers.Retry {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `state` is guarded by its lock. The downstream is called by the calls of one attempt at
    // a time, which are serial.
    struct State {
      /// The attempt in progress's subscription.
      var upstream: (any Subscription)?
      /// What the downstream asked for and did not receive.
      var demand = Subscribers.Demand.none
      /// The retries left; `nil` or negative for forever.
      var retriesLeft: Int?
      var downstreamHasSubscription = false
      /// A thread is subscribing to the upstream again, and one more attempt is wanted after.
      var isSubscribing = false
      var subscribesAgain = false
      var isTerminated = false

      /// The attempt failed: whether to subscribe again.
      mutating func retries() -> Bool {
        guard retriesLeft != 0 else { return false }
        retriesLeft = retriesLeft.map { $0 - 1 }
        return true
      }
    }

    let downstream: Downstream
    let publisher: Publishers.Retry<Upstream>
    let state: Lock<State>

    init(downstream: Downstream, publisher: Publishers.Retry<Upstream>) {
      self.downstream = downstream
      self.publisher = publisher
      state = .make(State(retriesLeft: publisher.retries))
    }

    var description: String { "Retry" }

    func receive(subscription: any Subscription) {
      let accepted = state.withLock { state -> (first: Bool, demand: Subscribers.Demand)? in
        guard !state.isTerminated, state.upstream == nil else { return nil }
        state.upstream = subscription
        defer { state.downstreamHasSubscription = true }
        return (!state.downstreamHasSubscription, state.demand)
      }
      guard let accepted else { return subscription.cancel() }
      if accepted.first { downstream.receive(subscription: self) }
      if accepted.demand != .none { subscription.request(accepted.demand) }
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
      state.withLock { state in
        state.demand += more
        return state.upstream
      }?.request(more)
      return .none
    }

    /// What the end of an attempt leads to.
    enum Step { case subscribeAgain, deliver, nothing }

    func receive(completion: Subscribers.Completion<Failure>) {
      let step = state.withLock { state -> Step in
        guard !state.isTerminated, state.upstream != nil else { return .nothing }
        state.upstream = nil
        guard case .failure = completion, state.retries() else {
          state.isTerminated = true
          return .deliver
        }
        // A failure during the loop's own subscribe call: the loop goes round again.
        guard !state.isSubscribing else {
          state.subscribesAgain = true
          return .nothing
        }
        state.isSubscribing = true
        return .subscribeAgain
      }
      switch step {
      case .subscribeAgain: subscribeAgain()
      case .deliver: downstream.receive(completion: completion)
      case .nothing: break
      }
    }

    /// Subscribes to the upstream again, and again while an attempt fails during the call.
    private func subscribeAgain() {
      var again = true
      while again {
        state.withLock { $0.subscribesAgain = false }
        publisher.upstream.subscribe(self)
        again = state.withLock { state in
          state.isSubscribing = state.subscribesAgain && !state.isTerminated
          return state.isSubscribing
        }
      }
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
      state.withLock { state -> (any Subscription)? in
        state.isTerminated = true
        return state.upstream.take()
      }?.cancel()
    }
  }
}
