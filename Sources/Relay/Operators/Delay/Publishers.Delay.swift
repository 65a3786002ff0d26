#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

extension Publisher {
  /// Delivers each value and the completion later, on a scheduler.
  ///
  /// ```swift
  /// toastMessages.delay(for: .seconds(2), scheduler: DispatchQueue.main).sink { hide($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - interval: How long to hold each event.
  ///   - tolerance: How late the scheduler may run an event; its minimum by default.
  ///   - scheduler: Where events are delivered.
  ///   - options: How the scheduler runs deliveries.
  /// - Returns: A publisher of the same events, each `interval` later.
  @inlinable
  public func delay<S: Scheduler>(
    for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil,
    scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.Delay<Self, S> {
    Publishers.Delay(
      upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
      scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's events an interval later.
  ///
  /// The downstream's requests go to the upstream at once, and demand it returns from a
  /// delayed value is requested from the upstream. Its subscription is named "Delay" in
  /// `print`'s log.
  ///
  /// Events keep their order and the downstream is called by one thread at a time, never under a
  /// lock, even on a concurrent queue. Deliveries stay on the scheduler: an event that finds
  /// another block delivering waits for a new block on the scheduler. `cancel()` does not wait for
  /// a delivery in progress on another thread; once it returns, the downstream receives at most one
  /// more call, which another thread had already set out to make.
  public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are delayed.
    public let upstream: Upstream
    /// How long each event is held.
    public let interval: Context.SchedulerTimeType.Stride
    /// How late the scheduler may run an event.
    public let tolerance: Context.SchedulerTimeType.Stride
    /// Where events are delivered.
    public let scheduler: Context
    /// How the scheduler runs deliveries.
    public let options: Context.SchedulerOptions?

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are delayed.
    ///   - interval: How long each event is held.
    ///   - tolerance: How late the scheduler may run an event.
    ///   - scheduler: Where events are delivered.
    ///   - options: How the scheduler runs deliveries.
    @inlinable
    public init(
      upstream: Upstream, interval: Context.SchedulerTimeType.Stride,
      tolerance: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions? = nil
    ) {
      self.upstream = upstream
      self.interval = interval
      self.tolerance = tolerance
      self.scheduler = scheduler
      self.options = options
    }

    /// Subscribes the delaying subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.Delay {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
    // the runner of the state's delivery, through `driver`. The scheduler is called with no
    // lock held.
    typealias Event = DownstreamEvent<Output, Failure>

    struct State: DownstreamDriverState {
      /// The upstream's subscription while it lasts: a completion ends it at once, though the
      /// completion itself waits for its time.
      var status = OperatorStatus.awaiting
      /// Events waiting for their time, each with a block of its own that takes the oldest,
      /// so the order holds even when a concurrent queue runs the blocks out of order.
      var held = SchedulerHandoff<Event>(mode: .drainEach)
      var delivery = SerialDelivery<Event>()
      var isCancelled = false

      /// Demand the downstream returns passes to the upstream while it is subscribed.
      mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity)
        -> UpstreamCalls?
      {
        status.subscription.map(UpstreamCalls.request)
      }

      /// The downstream cancelled: ends the link and returns the upstream's subscription.
      mutating func cancel() -> (any Subscription)? {
        isCancelled = true
        return status.end().subscription
      }
    }

    let driver: DownstreamDriver<State, Downstream>
    let interval: Context.SchedulerTimeType.Stride
    let tolerance: Context.SchedulerTimeType.Stride
    let scheduler: Context
    let options: Context.SchedulerOptions?
    var state: Lock<State> { driver.state }

    init(downstream: Downstream, publisher: Publishers.Delay<Upstream, Context>) {
      let (scheduler, options) = (publisher.scheduler, publisher.options)
      driver = DownstreamDriver(downstream: downstream, state: State()) { drain in
        scheduler.schedule(options: options) { drain.run() }
      }
      interval = publisher.interval
      tolerance = publisher.tolerance
      self.scheduler = scheduler
      self.options = options
    }

    var description: String { "Delay" }

    func receive(subscription: any Subscription) {
      guard state.withLock({ $0.status.accept(subscription) }) else {
        return subscription.cancel()
      }
      driver.downstream.receive(subscription: self)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      let holds = state.withLock { state in
        guard case .subscribed = state.status else { return false }
        return state.held.enqueue(.value(input))
      }
      if holds { scheduleRelease() }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let (holds, upstream) = state.withLock { state -> (Bool, OperatorStatus?) in
        guard case .subscribed = state.status else { return (false, nil) }
        return (state.held.enqueue(.completion(completion)), state.status.end())
      }
      _ = upstream  // released outside the lock
      if holds { scheduleRelease() }
    }

    private func scheduleRelease() {
      scheduler.schedule(
        after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options
      ) { self.release() }
    }

    /// One held event's time came: deliver the oldest.
    private func release() {
      let thread = ThreadIdentity.current
      let submission = state.withLock { state -> SerialDelivery<Event>.Submission in
        let due = state.held.drainStarts()
        return state.isCancelled ? .waits : state.delivery.submit(contentsOf: due, from: thread)
      }
      driver.perform(submission, from: thread)
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      state.withLock { $0.status.subscription }?.request(demand)
    }

    func cancel() { driver.cancel { ($0.cancel(), $0.held.removeAll()) } }
  }
}
