#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

extension Publisher {
  /// Publishes a value only after the upstream has been quiet for a while: the last value of
  /// each burst.
  ///
  /// ```swift
  /// $form.map(\.email).debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
  ///   .sink { validate($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - dueTime: How long the upstream must be quiet before its last value is published.
  ///   - scheduler: Where the value is delivered and the quiet time measured.
  ///   - options: How the scheduler runs the delivery.
  /// - Returns: A publisher of the last value of each burst.
  @inlinable
  public func debounce<S: Scheduler>(
    for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.Debounce<Self, S> {
    Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher of the last value of each burst of upstream values.
  ///
  /// As in Combine: the upstream is asked for every value; a value is delivered on the
  /// scheduler once `dueTime` passed with no newer value, if the downstream has demand (it is
  /// dropped otherwise); the completion is delivered on the scheduler at once and drops a
  /// value still waiting. Its subscription is named "Debounce" in `print`'s log.
  ///
  /// The downstream is called by one thread at a time, never under a lock, even on a concurrent
  /// queue. Deliveries stay on the scheduler: an event that finds another block delivering waits
  /// for a new block on the scheduler. Like Combine's, it never compares the scheduler's clock
  /// times, so it works on a scheduler whose clock does not move (`DispatchQueue.immediate`, where
  /// each value is delivered at once): each value is tagged, and a timer delivers only the value
  /// it was set for. Unlike Combine, which schedules a timer per value, it keeps one timer per
  /// burst: the timer set for an older value sets one for the latest, at the latest's deadline;
  /// what is delivered, and when, is the same. `cancel()` does not wait for a delivery in progress
  /// on another thread; once it returns, the downstream receives at most one more call, which
  /// another thread had already set out to make.
  public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose bursts are debounced.
    public let upstream: Upstream
    /// How long the upstream must be quiet.
    public let dueTime: Context.SchedulerTimeType.Stride
    /// Where values are delivered.
    public let scheduler: Context
    /// How the scheduler runs deliveries.
    public let options: Context.SchedulerOptions?

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose bursts are debounced.
    ///   - dueTime: How long the upstream must be quiet.
    ///   - scheduler: Where values are delivered.
    ///   - options: How the scheduler runs deliveries.
    @inlinable
    public init(
      upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?
    ) {
      self.upstream = upstream
      self.dueTime = dueTime
      self.scheduler = scheduler
      self.options = options
    }

    /// Subscribes the debouncing subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.Debounce {
  @usableFromInline
  final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
    // the runner of the state's delivery, through `driver`. The scheduler is called with no
    // lock held.
    @usableFromInline typealias Event = DownstreamEvent<Output, Failure>
    @usableFromInline typealias Submission = SerialDelivery<Event>.Submission

    @usableFromInline struct State: DownstreamDriverState {
      /// The upstream's subscription while it lasts: a completion ends it at once, though the
      /// completion itself waits for the scheduler.
      @usableFromInline var status = OperatorStatus.awaiting
      @usableFromInline var latest: Output?
      /// The latest value's tag: how many values arrived.
      @usableFromInline var generation: UInt64 = 0
      /// When the latest value is due: `dueTime` after it arrived.
      @usableFromInline var deadline: Context.SchedulerTimeType?
      @usableFromInline var timerIsPending = false
      /// The thread setting a timer for a newer value, while its `schedule` call runs: a timer
      /// that fires inside that call (a scheduler that runs work at once) leaves the next timer
      /// to it, so a burst from other threads never nests one timer inside another.
      @usableFromInline var reschedulingThread: ThreadIdentity?
      @usableFromInline var rescheduleIsRequested = false
      @usableFromInline var demand = Subscribers.Demand.none
      @usableFromInline var delivery = SerialDelivery<Event>()
      @usableFromInline var isCancelled = false
      @inlinable init() {}

      /// Demand the downstream returns is counted here: the upstream was asked for everything.
      @inlinable
      mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity)
        -> UpstreamCalls?
      {
        demand += more
        return nil
      }

      /// The timer set for the value tagged `tag` fired: delivers it when no newer value came,
      /// or asks for a timer for the newer one; never reads a clock.
      @inlinable
      mutating func due(_ tag: UInt64) -> TimerStep {
        guard case .subscribed = status, let deadline else {
          timerIsPending = false
          return .deliver(.waits)
        }
        if generation != tag {
          let current = ThreadIdentity.current
          if reschedulingThread == current {
            rescheduleIsRequested = true
            return .deliver(.waits)
          }
          if reschedulingThread == nil { reschedulingThread = current }
          return .wait(deadline, generation)
        }
        timerIsPending = false
        self.deadline = nil
        guard demand > 0, let value = latest.take() else { return .deliver(.waits) }
        demand -= 1
        return .deliver(delivery.submit(.value(value), from: ThreadIdentity.current))
      }

      /// The downstream cancelled: ends the link and returns the upstream's subscription.
      @inlinable
      mutating func cancel() -> (any Subscription)? {
        isCancelled = true
        return status.end().subscription
      }

      /// After setting a timer for a newer value: the next timer to set, when one that fired
      /// inside the call found a newer value still; the thread keeps the role until none is.
      @inlinable
      mutating func rescheduled() -> (Context.SchedulerTimeType, UInt64)? {
        let isRequested = rescheduleIsRequested
        rescheduleIsRequested = false
        guard isRequested, case .subscribed = status, let deadline else {
          if isRequested { timerIsPending = false }
          if reschedulingThread == ThreadIdentity.current { reschedulingThread = nil }
          return nil
        }
        return (deadline, generation)
      }
    }

    @usableFromInline let driver: DownstreamDriver<State, Downstream>
    @usableFromInline let dueTime: Context.SchedulerTimeType.Stride
    @usableFromInline let scheduler: Context
    @usableFromInline let options: Context.SchedulerOptions?
    @inlinable var state: Lock<State> { driver.state }

    @inlinable
    init(downstream: Downstream, publisher: Publishers.Debounce<Upstream, Context>) {
      let (scheduler, options) = (publisher.scheduler, publisher.options)
      driver = DownstreamDriver(downstream: downstream, state: State()) { drain in
        scheduler.schedule(options: options) { drain.run() }
      }
      dueTime = publisher.dueTime
      self.scheduler = scheduler
      self.options = options
    }

    @usableFromInline var description: String { "Debounce" }

    @inlinable
    func receive(subscription: any Subscription) {
      guard state.withLock({ $0.status.accept(subscription) }) else {
        return subscription.cancel()
      }
      driver.downstream.receive(subscription: self)
      subscription.request(.unlimited)
    }

    @inlinable
    func receive(_ input: Output) -> Subscribers.Demand {
      let deadline = scheduler.now.advanced(by: dueTime)
      var replaced: Output? = input
      let tag = state.withLock { state -> UInt64? in
        guard case .subscribed = state.status else { return nil }
        swap(&state.latest, &replaced)
        state.generation &+= 1
        state.deadline = deadline
        guard !state.timerIsPending else { return nil }
        state.timerIsPending = true
        return state.generation
      }
      if let tag { schedule(at: deadline, for: tag) }
      return .none
    }

    @inlinable
    func schedule(at deadline: Context.SchedulerTimeType, for tag: UInt64) {
      scheduler.schedule(
        after: deadline, tolerance: scheduler.minimumTolerance, options: options
      ) { self.due(tag) }
    }

    @usableFromInline enum TimerStep {
      /// A newer value came: set a timer for it, at its deadline.
      case wait(Context.SchedulerTimeType, UInt64)
      /// Deliver the value, or nothing (`.waits`): it is not due, or nobody asked for it.
      case deliver(Submission)
    }

    /// The timer set for the value tagged `tag` fired.
    @inlinable
    func due(_ tag: UInt64) {
      switch state.withLock({ $0.due(tag) }) {
      case .deliver(let submission): driver.perform(submission, from: ThreadIdentity.current)
      case .wait(var deadline, var tag):
        // A loop, not a recursion, on a scheduler that runs the new timer inside `schedule`.
        while true {
          schedule(at: deadline, for: tag)
          guard let next = state.withLock({ $0.rescheduled() }) else { return }
          (deadline, tag) = next
        }
      }
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      let dropped = state.withLock { state -> (Output?, OperatorStatus)? in
        guard case .subscribed = state.status else { return nil }
        return (state.latest.take(), state.status.end())
      }
      guard let dropped else { return }
      _ = dropped  // released outside the lock
      scheduler.schedule(options: options) {
        let thread = ThreadIdentity.current
        self.driver.perform(
          self.state.withLock { state in
            state.isCancelled
              ? .waits : state.delivery.submit(.completion(completion), from: thread)
          }, from: thread)
      }
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      state.withLock { $0.demand += demand }
    }

    @inlinable
    func cancel() { driver.cancel { ($0.cancel(), $0.latest.take()) } }
  }
}
