#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

extension Publisher {
  /// Publishes at most one value per interval: the first or the latest value of each.
  ///
  /// ```swift
  /// scrollOffsets.throttle(for: .milliseconds(100), scheduler: DispatchQueue.main, latest: true)
  /// ```
  /// - Parameters:
  ///   - interval: The shortest time between two published values.
  ///   - scheduler: Where values are delivered and time measured.
  ///   - latest: Whether to publish the latest value of an interval (`true`) or the first.
  /// - Returns: A publisher of at most one value per interval.
  @inlinable
  public func throttle<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
  ) -> Publishers.Throttle<Self, S> {
    Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
  }
}

extension Publishers {
  /// A publisher of at most one upstream value per interval.
  ///
  /// As in Combine: the upstream is asked for every value; a value that finds the downstream
  /// without demand is dropped; the first value after a quiet interval is delivered on the
  /// scheduler at once, and later ones wait for the interval since the last delivery to pass,
  /// the latest or the first of them winning as `latest` says. The completion follows the
  /// value waiting, if any. Its subscription is named "Throttle" in `print`'s log.
  ///
  /// The downstream is called by one thread at a time, never under a lock, even on a concurrent
  /// queue. Deliveries stay on the scheduler: an event that finds another block delivering waits
  /// for a new block on the scheduler. `cancel()` does not wait for a delivery in progress on
  /// another thread; once it returns, the downstream receives at most one more call, which another
  /// thread had already set out to make.
  public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are throttled.
    public let upstream: Upstream
    /// The shortest time between two published values.
    public let interval: Context.SchedulerTimeType.Stride
    /// Where values are delivered.
    public let scheduler: Context
    /// Whether the latest value of an interval wins, rather than the first.
    public let latest: Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are throttled.
    ///   - interval: The shortest time between two published values.
    ///   - scheduler: Where values are delivered.
    ///   - latest: Whether the latest value of an interval wins, rather than the first.
    @inlinable
    public init(
      upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
      latest: Bool
    ) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.latest = latest
    }

    /// Subscribes the throttling subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.Throttle {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
    // the runner of the state's delivery, through `driver`. The scheduler is called with no
    // lock held.
    typealias Event = DownstreamEvent<Output, Failure>

    struct State: DownstreamDriverState {
      /// The upstream's subscription while it lasts: a completion ends it at once, though the
      /// completion itself may wait for its time.
      var status = OperatorStatus.awaiting
      var lastEmission: Context.SchedulerTimeType?
      var pendingValue: Output?
      var pendingCompletion: Subscribers.Completion<Failure>?
      var demand = Subscribers.Demand.none
      var delivery = SerialDelivery<Event>()
      var isCancelled = false

      var hasScheduledOutput: Bool { pendingValue != nil || pendingCompletion != nil }

      /// Demand the downstream returns is counted here: the upstream was asked for everything.
      mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity)
        -> UpstreamCalls?
      {
        demand += more
        return nil
      }

      /// The downstream cancelled: ends the link and returns the upstream's subscription.
      mutating func cancel() -> (any Subscription)? {
        isCancelled = true
        return status.end().subscription
      }
    }

    let driver: DownstreamDriver<State, Downstream>
    let interval: Context.SchedulerTimeType.Stride
    let scheduler: Context
    let latest: Bool
    var state: Lock<State> { driver.state }

    init(downstream: Downstream, publisher: Publishers.Throttle<Upstream, Context>) {
      let scheduler = publisher.scheduler
      // Throttle takes no scheduler options.
      driver = DownstreamDriver(downstream: downstream, state: State()) { drain in
        scheduler.schedule(options: nil) { drain.run() }
      }
      interval = publisher.interval
      self.scheduler = scheduler
      latest = publisher.latest
    }

    var description: String { "Throttle" }

    func receive(subscription: any Subscription) {
      guard state.withLock({ $0.status.accept(subscription) }) else {
        return subscription.cancel()
      }
      subscription.request(.unlimited)
      driver.downstream.receive(subscription: self)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      let now = scheduler.now
      var replaced: Output?
      let emission = state.withLock { state -> Context.SchedulerTimeType? in
        guard case .subscribed = state.status, state.demand > 0 else { return nil }
        if state.hasScheduledOutput {
          if latest {
            replaced = state.pendingValue
            state.pendingValue = input
          }
          return nil
        }
        state.demand -= 1
        state.pendingValue = input
        guard let last = state.lastEmission else { return now }
        return Swift.max(now, last.advanced(by: interval))
      }
      _ = replaced  // released outside the lock
      if let emission {
        if emission == now {
          scheduler.schedule(options: nil) { [weak self] in self?.emit() }
        } else {
          scheduler.schedule(after: emission) { [weak self] in self?.emit() }
        }
      }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let (schedules, upstream) = state.withLock { state -> (Bool, (any Subscription)?) in
        guard case .subscribed = state.status else { return (false, nil) }
        let upstream = state.status.end().subscription
        let wasScheduled = state.hasScheduledOutput
        state.pendingCompletion = completion
        return (!wasScheduled, upstream)
      }
      _ = upstream  // released outside the lock
      if schedules { scheduler.schedule(options: nil) { [weak self] in self?.emit() } }
    }

    /// Delivers what waits: the value, then the completion.
    private func emit() {
      let now = scheduler.now
      let thread = ThreadIdentity.current
      let submission = state.withLock { state -> SerialDelivery<Event>.Submission in
        guard !state.isCancelled else { return .waits }
        if state.pendingValue != nil, state.pendingCompletion == nil { state.lastEmission = now }
        // The completion, if any, waits behind the value: the answer to the first one counts.
        var first = SerialDelivery<Event>.Submission.waits
        if let value = state.pendingValue.take() {
          first = state.delivery.submit(.value(value), from: thread)
        }
        if let completion = state.pendingCompletion.take() {
          let second = state.delivery.submit(.completion(completion), from: thread)
          if case .waits = first { first = second }
        }
        return first
      }
      driver.perform(submission, from: thread)
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      state.withLock { $0.demand += demand }
    }

    func cancel() { driver.cancel { ($0.cancel(), $0.pendingValue.take()) } }
  }
}
