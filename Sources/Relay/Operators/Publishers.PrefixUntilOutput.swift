extension Publisher {
  /// Publishes values until another publisher sends one, then finishes.
  ///
  /// ```swift
  /// locationUpdates.prefix(untilOutputFrom: stopButton.taps).sink { track($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter publisher: The publisher whose first value ends this one; its completion
  ///   ends nothing.
  /// - Returns: A publisher of the values sent before `publisher`'s first.
  @inlinable
  public func prefix<P: Publisher>(untilOutputFrom publisher: P)
    -> Publishers.PrefixUntilOutput<Self, P>
  {
    Publishers.PrefixUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// A publisher of its upstream's values until another publisher sends one.
  ///
  /// As in Combine, it subscribes to the other publisher first and asks it for one value, which
  /// cancels the upstream and finishes the publisher; the other's completion is ignored. When
  /// that value comes before the upstream's subscription, the subscriber receives `.finished`
  /// right after its subscription, once the upstream's arrives (and is cancelled): Combine sends
  /// it at once, before any subscription. The downstream is called by one thread at a time,
  /// even when the other publisher sends on another thread. Its subscription is named
  /// "PrefixUntilOutput" in `print`'s log.
  public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are published.
    public let upstream: Upstream
    /// The publisher whose first value ends this one.
    public let other: Other

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are published.
    ///   - other: The publisher whose first value ends this one.
    @inlinable
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    /// Subscribes to the other publisher, then the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber)
      other.subscribe(Inner.Trigger(inner: inner))
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.PrefixUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publishers.PrefixUntilOutput {
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
        inner.triggered()
        return .none
      }

      func receive(completion: Subscribers.Completion<Other.Failure>) {
        _ = inner.state.withLock { $0.trigger.end() }  // released outside the lock
      }
    }

    struct State: DownstreamDriverState {
      var upstream = OperatorStatus.awaiting
      var trigger = OperatorStatus.awaiting
      /// The other publisher sent before the upstream subscribed: the downstream finishes as
      /// soon as it has its subscription.
      var triggeredEarly = false
      /// The completion was queued, or the downstream cancelled.
      var isTerminated = false
      var delivery = SerialDelivery<Event>()

      /// Demand the downstream returns for a value that waited passes to the upstream.
      mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity)
        -> UpstreamCalls?
      {
        upstream.subscription.map(UpstreamCalls.request)
      }

      /// Ends both links with `completion` queued; returns the subscriptions to cancel or
      /// release, and the answer to the submission.
      mutating func terminate(with completion: Subscribers.Completion<Failure>) -> Ending {
        isTerminated = true
        let submission = delivery.submit(.completion(completion), from: ThreadIdentity.current)
        return (upstream.end(), trigger.end(), submission)
      }
    }

    let driver: DownstreamDriver<State, Downstream>
    var state: Lock<State> { driver.state }

    init(downstream: Downstream) {
      driver = DownstreamDriver(downstream: downstream, state: State())
    }

    var description: String { "PrefixUntilOutput" }

    func triggerReceive(_ subscription: any Subscription) {
      guard state.withLock({ !$0.isTerminated && $0.trigger.accept(subscription) }) else {
        return subscription.cancel()
      }
      subscription.request(.max(1))
    }

    /// What ends the publisher: the links to cancel or release, and the completion's answer.
    typealias Ending = (
      upstream: OperatorStatus, trigger: OperatorStatus,
      submission: SerialDelivery<Event>.Submission
    )

    func triggered() {
      let ended = state.withLock { state -> Ending? in
        guard !state.isTerminated, case .subscribed = state.trigger else { return nil }
        guard case .subscribed = state.upstream else {
          state.triggeredEarly = true
          state.isTerminated = true
          return (state.upstream, state.trigger.end(), SerialDelivery<Event>.Submission.waits)
        }
        return state.terminate(with: .finished)
      }
      guard let (upstream, _, submission) = ended else { return }
      upstream.subscription?.cancel()
      driver.perform(submission, from: ThreadIdentity.current)
    }

    func receive(subscription: any Subscription) {
      let (accepted, finishes) = state.withLock { state -> (Bool, Bool) in
        guard state.upstream.accept(subscription) else { return (false, false) }
        guard state.triggeredEarly else { return (true, false) }
        _ = state.upstream.end()
        return (true, true)
      }
      guard accepted else { return subscription.cancel() }
      driver.downstream.receive(subscription: self)
      guard finishes else { return }
      subscription.cancel()
      driver.downstream.receive(completion: .finished)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      let thread = ThreadIdentity.current
      let submission = state.withLock { state -> SerialDelivery<Event>.Submission in
        guard case .subscribed = state.upstream, !state.isTerminated else { return .waits }
        return state.delivery.submit(.value(input), from: thread)
      }
      return driver.deliver(submission, from: thread)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let ended = state.withLock { state -> Ending? in
        guard case .subscribed = state.upstream, !state.isTerminated else { return nil }
        return state.terminate(with: completion)
      }
      guard let (_, trigger, submission) = ended else { return }
      trigger.subscription?.cancel()
      driver.perform(submission, from: ThreadIdentity.current)
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      state.withLock { $0.upstream.subscription }?.request(demand)
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
