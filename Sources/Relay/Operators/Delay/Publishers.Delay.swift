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
  private final class Inner<Downstream: Subscriber>: Subscriber, TimedOperatorStorage,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
    // the runner of the state's delivery. The scheduler is called with no lock held.
    typealias Machine = State

    struct State: TimedOperatorState {
      var status = OperatorStatus.awaiting
      /// Events waiting for their time, in arrival order: each scheduled run delivers the
      /// oldest, so the order holds even when a concurrent queue runs them out of order.
      var held = DeliveryQueue<DownstreamEvent<Output, Failure>>()
      var delivery = SerialDelivery<DownstreamEvent<Output, Failure>>()
      var isCancelled = false

      /// Demand passes to the upstream while it is subscribed.
      mutating func request(_ more: Subscribers.Demand) -> (any Subscription)? {
        status.subscription
      }

      mutating func takeHeld() -> DeliveryQueue<DownstreamEvent<Output, Failure>> {
        var old = DeliveryQueue<DownstreamEvent<Output, Failure>>()
        swap(&old, &held)
        return old
      }
    }

    let downstream: Downstream
    let interval: Context.SchedulerTimeType.Stride
    let tolerance: Context.SchedulerTimeType.Stride
    let scheduler: Context
    let options: Context.SchedulerOptions?
    let state = Lock<State>.make(State())

    init(downstream: Downstream, publisher: Publishers.Delay<Upstream, Context>) {
      self.downstream = downstream
      interval = publisher.interval
      tolerance = publisher.tolerance
      scheduler = publisher.scheduler
      options = publisher.options
    }

    var description: String { "Delay" }

    func receive(subscription: any Subscription) {
      guard state.withLock({ $0.accept(subscription) }) else { return subscription.cancel() }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      let holds = state.withLock { state in
        guard case .subscribed = state.status else { return false }
        state.held.append(.value(input))
        return true
      }
      if holds { scheduleRelease() }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let (holds, upstream) = state.withLock { state -> (Bool, (any Subscription)?) in
        guard case .subscribed = state.status else { return (false, nil) }
        let upstream = state.takeUpstream()
        state.held.append(.completion(completion))
        return (true, upstream)
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
      let submission = state.withLock { state -> Machine.Submission in
        guard !state.isCancelled, let event = state.held.popFirst() else { return .waits }
        return state.submit(event)
      }
      perform(submission)
    }
  }
}
