#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

extension Publisher {
  /// Collects values into arrays, published every interval on a scheduler, or also whenever
  /// a group reaches a count.
  ///
  /// ```swift
  /// logLines.collect(.byTimeOrCount(DispatchQueue.main, .seconds(1), 100))
  ///   .sink { upload($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - strategy: The scheduler and interval, and the count for `byTimeOrCount`.
  ///   - options: How the scheduler runs the timer and the deliveries.
  /// - Returns: A publisher of the groups of values, never an empty one.
  @inlinable
  public func collect<S: Scheduler>(
    _ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil
  ) -> Publishers.CollectByTime<Self, S> {
    Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
  }
}

extension Publishers {
  /// A publisher that collects its upstream's values into arrays and publishes them every
  /// interval, or also when a group reaches a count.
  ///
  /// A repeating timer starts when the upstream subscribes; each tick publishes the group
  /// collected since the last one, when it is not empty. With `byTimeOrCount`, a full group is
  /// published at once (on the scheduler) and the timer starts again. A group that finds the
  /// downstream's demand spent is dropped. When the upstream finishes, the last group, then the
  /// completion, are delivered on the scheduler; a failure drops the last group. With `byTime`
  /// the upstream is asked for every value; with `byTimeOrCount` for `count` values per group
  /// the downstream asks for. Its subscription is named "CollectByTime" in `print`'s log.
  ///
  /// The groups keep the order in which they were collected, and the downstream is called by
  /// one thread at a time, never under a lock, even on a concurrent queue. `cancel()` cancels the timer and the upstream; it does not wait for a delivery in
  /// progress on another thread.
  public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The groups of upstream values.
    public typealias Output = [Upstream.Output]
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are collected.
    public let upstream: Upstream
    /// When groups are published.
    public let strategy: Publishers.TimeGroupingStrategy<Context>
    /// How the scheduler runs the timer and the deliveries.
    public let options: Context.SchedulerOptions?

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are collected.
    ///   - strategy: When groups are published.
    ///   - options: How the scheduler runs the timer and the deliveries.
    @inlinable
    public init(
      upstream: Upstream, strategy: Publishers.TimeGroupingStrategy<Context>,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.strategy = strategy
      self.options = options
    }

    /// Subscribes the collecting subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.CollectByTime {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
    // the runner of the state's delivery, through `driver`. The scheduler, the timers and the
    // upstream are called with no lock held.
    typealias Event = DownstreamEvent<Output, Failure>
    typealias Submission = SerialDelivery<Event>.Submission

    struct State: DownstreamDriverState {
      /// The upstream's subscription while it lasts: a completion ends it at once, though the
      /// completion itself waits for the scheduler.
      var status = OperatorStatus.awaiting
      var group: [Upstream.Output] = []
      var demand = Subscribers.Demand.none
      /// Full groups and the completion, waiting for a block on the scheduler, in order.
      var handoff = SchedulerHandoff<Event>(mode: .drainAll)
      var delivery = SerialDelivery<Event>()
      /// The running timer, and its tag: a tick of a timer another replaced does nothing.
      var timer: (any Cancellable)?
      var timerTag: UInt64 = 0
      /// How many values fill a group, for `byTimeOrCount`.
      let count: Int?
      var isCancelled = false

      init(count: Int?) { self.count = count }

      /// Returned demand is counted; with a count, the upstream is asked for that many values
      /// per group.
      mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity)
        -> UpstreamCalls?
      {
        demand += more
        guard let count, let upstream = status.subscription else { return nil }
        return .calls(cancel: [], requests: [(upstream, more * count)], released: ())
      }

      /// Submits `events`, oldest first, from a block on the scheduler: a group that is empty
      /// or finds the downstream's demand spent is dropped.
      mutating func publish(_ events: DeliveryQueue<Event>, from thread: ThreadIdentity)
        -> Submission
      {
        guard !isCancelled else { return .waits }
        var published: [Event] = []
        for event in events {
          if case .value(let group) = event {
            guard !group.isEmpty, demand > 0 else { continue }
            demand -= 1
          }
          published.append(event)
        }
        return delivery.submit(contentsOf: published, from: thread)
      }

      /// The downstream cancelled: ends the link and returns the upstream's subscription.
      mutating func cancel() -> (any Subscription)? {
        isCancelled = true
        return status.end().subscription
      }
    }

    let driver: DownstreamDriver<State, Downstream>
    let scheduler: Context
    let interval: Context.SchedulerTimeType.Stride
    let options: Context.SchedulerOptions?
    var state: Lock<State> { driver.state }

    init(downstream: Downstream, publisher: Publishers.CollectByTime<Upstream, Context>) {
      let count: Int?
      switch publisher.strategy {
      case .byTime(let scheduler, let interval):
        (self.scheduler, self.interval, count) = (scheduler, interval, nil)
      case .byTimeOrCount(let scheduler, let interval, let limit):
        (self.scheduler, self.interval, count) = (scheduler, interval, Swift.max(limit, 1))
      }
      let (scheduler, options) = (self.scheduler, publisher.options)
      driver = DownstreamDriver(downstream: downstream, state: State(count: count)) { drain in
        scheduler.schedule(options: options) { drain.run() }
      }
      self.options = options
    }

    var description: String { "CollectByTime" }

    func receive(subscription: any Subscription) {
      let (isAccepted, count) = state.withLock { ($0.status.accept(subscription), $0.count) }
      guard isAccepted else { return subscription.cancel() }
      restartTimer()
      driver.downstream.receive(subscription: self)
      if count == nil { subscription.request(.unlimited) }
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      // Whether a group is full, and then whether a block must take it to the scheduler.
      let full = state.withLock { state -> Bool? in
        guard case .subscribed = state.status else { return nil }
        state.group.append(input)
        guard let count = state.count, state.group.count >= count else { return nil }
        return state.handoff.enqueue(.value(state.group.take()))
      }
      guard let full else { return .none }
      restartTimer()
      if full { scheduler.schedule(options: options) { self.drain() } }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let ended = state.withLock { state -> (OperatorStatus, (any Cancellable)?, Bool)? in
        guard case .subscribed = state.status else { return nil }
        state.timerTag &+= 1
        // A failure drops the last group; the completion comes after every group.
        let last = state.group.take()
        var schedulesDrain = false
        if case .finished = completion, !last.isEmpty {
          schedulesDrain = state.handoff.enqueue(.value(last))
        }
        let completionSchedulesDrain = state.handoff.enqueue(.completion(completion))
        return (state.status.end(), state.timer.take(), schedulesDrain || completionSchedulesDrain)
      }
      guard let (upstream, timer, schedulesDrain) = ended else { return }
      _ = upstream  // released outside the lock
      timer?.cancel()
      if schedulesDrain { scheduler.schedule(options: options) { self.drain() } }
    }

    /// A block on the scheduler: publishes what waited for it, oldest first.
    private func drain() {
      let thread = ThreadIdentity.current
      let submission = state.withLock { state in
        let waiting = state.handoff.drainStarts()
        return state.publish(waiting, from: thread)
      }
      driver.perform(submission, from: thread)
    }

    /// Starts a new repeating timer, an interval from now, in place of the running one.
    private func restartTimer() {
      let (tag, old) = state.withLock { state in
        state.timerTag &+= 1
        return (state.timerTag, state.timer.take())
      }
      old?.cancel()
      let timer = scheduler.schedule(
        after: scheduler.now.advanced(by: interval), interval: interval,
        tolerance: scheduler.minimumTolerance, options: options
      ) { self.tick(tag) }
      let isCurrent = state.withLock { state in
        guard state.timerTag == tag, case .subscribed = state.status else { return false }
        state.timer = timer
        return true
      }
      if !isCurrent { timer.cancel() }
    }

    /// The timer tagged `tag` ticked: publishes the full groups that wait for a block, then the
    /// group collected since the last tick.
    private func tick(_ tag: UInt64) {
      let thread = ThreadIdentity.current
      let submission = state.withLock { state -> Submission in
        guard state.timerTag == tag, case .subscribed = state.status else { return .waits }
        var waiting = state.handoff.removeAll()
        waiting.append(.value(state.group.take()))
        return state.publish(waiting, from: thread)
      }
      driver.perform(submission, from: thread)
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      let (upstream, count) = state.withLock { state in
        state.demand += demand
        return (state.status.subscription, state.count)
      }
      if let upstream, let count { upstream.request(demand * count) }
    }

    func cancel() {
      var timer: (any Cancellable)?
      driver.cancel { state in
        state.timerTag &+= 1
        timer = state.timer.take()
        return (state.cancel(), (state.group.take(), state.handoff.removeAll()))
      }
      timer?.cancel()
    }
  }
}
