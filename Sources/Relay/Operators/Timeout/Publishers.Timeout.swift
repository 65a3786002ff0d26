#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

extension Publisher {
  /// Ends the stream when the upstream sends nothing for an interval: it finishes, or fails
  /// with the error `customError` makes.
  ///
  /// ```swift
  /// download.timeout(.seconds(10), scheduler: DispatchQueue.main, customError: { .timedOut })
  ///   .sink(receiveCompletion: { report($0) }, receiveValue: { show($0) })
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - interval: How long the upstream may stay silent, from the first request and from each
  ///     value.
  ///   - scheduler: Where the silence is measured and the events are delivered.
  ///   - options: How the scheduler runs the timer and the deliveries.
  ///   - customError: Makes the failure sent when the time is up; without it the stream
  ///     finishes.
  /// - Returns: A publisher of the upstream's events that ends when the upstream is silent for
  ///   `interval`.
  @inlinable
  public func timeout<S: Scheduler>(
    _ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil,
    customError: (() -> Failure)? = nil
  ) -> Publishers.Timeout<Self, S> {
    Publishers.Timeout(
      upstream: self, interval: interval, scheduler: scheduler, options: options,
      customError: customError)
  }
}

extension Publishers {
  /// A publisher that ends its upstream's stream when the upstream stays silent for an interval.
  ///
  /// As in Combine: the timer starts when the upstream subscribes, starts again at the first
  /// request and at each value; when it fires, the upstream is cancelled and the downstream
  /// finishes, or fails with `customError()`. Values and the completion are delivered on the
  /// scheduler, in order; a value still waiting for the scheduler when the time is up is
  /// dropped. Requests go to the upstream at once, and demand the downstream returns from a
  /// value is requested from the upstream. Its subscription is named "Timeout" in `print`'s log.
  ///
  /// The downstream is called by one thread at a time, never under a lock, even on a concurrent
  /// queue. `cancel()` cancels the timer and the upstream; it does not wait for a delivery in
  /// progress on another thread.
  public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher that is timed.
    public let upstream: Upstream
    /// How long the upstream may stay silent.
    public let interval: Context.SchedulerTimeType.Stride
    /// Where the silence is measured and the events are delivered.
    public let scheduler: Context
    /// How the scheduler runs the timer and the deliveries.
    public let options: Context.SchedulerOptions?
    /// Makes the failure sent when the time is up; without it the stream finishes.
    public let customError: (() -> Upstream.Failure)?

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher that is timed.
    ///   - interval: How long the upstream may stay silent.
    ///   - scheduler: Where the silence is measured and the events are delivered.
    ///   - options: How the scheduler runs the timer and the deliveries.
    ///   - customError: Makes the failure sent when the time is up.
    @inlinable
    public init(
      upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
      options: Context.SchedulerOptions?,
      customError: (() -> Publishers.Timeout<Upstream, Context>.Failure)?
    ) {
      self.upstream = upstream
      self.interval = interval
      self.scheduler = scheduler
      self.options = options
      self.customError = customError
    }

    /// Subscribes the timing subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.Timeout {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
    // the runner of the state's delivery, through `driver`. The scheduler, the timers and the
    // upstream are called with no lock held.
    typealias Event = DownstreamEvent<Output, Failure>

    struct State: DownstreamDriverState {
      /// The upstream's subscription while it lasts: a completion or the timeout ends it.
      var status = OperatorStatus.awaiting
      /// Events waiting for the scheduler, in arrival order, and whether a block that takes
      /// them is pending: the order holds even on a concurrent queue.
      var held = SchedulerHandoff<Event>(mode: .drainAll)
      var delivery = SerialDelivery<Event>()
      /// The running timer, and its tag: a timer that fires after another replaced it does
      /// nothing.
      var timer: (any Cancellable)?
      var timerTag: UInt64 = 0
      var hasBeenAsked = false
      var isCancelled = false

      /// Demand the downstream returns passes to the upstream while it is subscribed.
      mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity)
        -> UpstreamCalls?
      {
        status.subscription.map(UpstreamCalls.request)
      }

      /// The timer tagged `tag` fired: when it is the running one and the upstream is
      /// subscribed, ends the link and returns the upstream, the timer and the events that
      /// waited for the scheduler, which are dropped.
      mutating func timedOut(_ tag: UInt64) -> TimedOut? {
        guard tag == timerTag, case .subscribed = status else { return nil }
        return TimedOut(
          upstream: status.end().subscription, timer: timer.take(), dropped: held.removeAll())
      }

      /// The downstream cancelled: ends the link and returns the upstream's subscription.
      mutating func cancel() -> (any Subscription)? {
        isCancelled = true
        return status.end().subscription
      }
    }

    /// What the timeout ends, to cancel and release once the lock is.
    struct TimedOut {
      var upstream: (any Subscription)?
      var timer: (any Cancellable)?
      var dropped: DeliveryQueue<Event>
    }

    let driver: DownstreamDriver<State, Downstream>
    let interval: Context.SchedulerTimeType.Stride
    let scheduler: Context
    let options: Context.SchedulerOptions?
    let customError: (() -> Failure)?
    var state: Lock<State> { driver.state }

    init(downstream: Downstream, publisher: Publishers.Timeout<Upstream, Context>) {
      let (scheduler, options) = (publisher.scheduler, publisher.options)
      driver = DownstreamDriver(downstream: downstream, state: State()) { drain in
        scheduler.schedule(options: options) { drain.run() }
      }
      interval = publisher.interval
      self.scheduler = scheduler
      self.options = options
      customError = publisher.customError
    }

    var description: String { "Timeout" }

    func receive(subscription: any Subscription) {
      guard state.withLock({ $0.status.accept(subscription) }) else {
        return subscription.cancel()
      }
      restartTimer()
      driver.downstream.receive(subscription: self)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      let (isSubscribed, schedulesRelease) = state.withLock { state in
        guard case .subscribed = state.status else { return (false, false) }
        return (true, state.held.enqueue(.value(input)))
      }
      guard isSubscribed else { return .none }
      restartTimer()
      if schedulesRelease { scheduler.schedule(options: options) { self.release() } }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let ended = state.withLock { state -> (OperatorStatus, (any Cancellable)?, Bool)? in
        guard case .subscribed = state.status else { return nil }
        state.timerTag &+= 1
        let schedulesRelease = state.held.enqueue(.completion(completion))
        return (state.status.end(), state.timer.take(), schedulesRelease)
      }
      guard let ended else { return }
      ended.1?.cancel()
      if ended.2 { scheduler.schedule(options: options) { self.release() } }
    }

    /// Starts a new timer, `interval` from now, in place of the running one.
    private func restartTimer() {
      let (tag, old) = state.withLock { state in
        state.timerTag &+= 1
        return (state.timerTag, state.timer.take())
      }
      old?.cancel()
      let timer = scheduler.schedule(
        after: scheduler.now.advanced(by: interval), interval: interval,
        tolerance: scheduler.minimumTolerance, options: options
      ) { self.timedOut(tag) }
      let isCurrent = state.withLock { state in
        guard state.timerTag == tag, case .subscribed = state.status else { return false }
        state.timer = timer
        return true
      }
      if !isCurrent { timer.cancel() }
    }

    /// The timer tagged `tag` fired: cancels the upstream, then makes and delivers the
    /// completion, with no lock held.
    private func timedOut(_ tag: UInt64) {
      guard let ended = state.withLock({ $0.timedOut(tag) }) else { return }
      ended.timer?.cancel()
      ended.upstream?.cancel()
      let completion =
        customError.map { .failure($0()) } ?? Subscribers.Completion<Failure>.finished
      let thread = ThreadIdentity.current
      driver.perform(
        state.withLock { state in
          state.isCancelled ? .waits : state.delivery.submit(.completion(completion), from: thread)
        }, from: thread)
    }

    /// A scheduled run: delivers the events waiting for the scheduler, oldest first.
    private func release() {
      let thread = ThreadIdentity.current
      let submission = state.withLock { state -> SerialDelivery<Event>.Submission in
        let waiting = state.held.drainStarts()
        return state.isCancelled
          ? .waits : state.delivery.submit(contentsOf: waiting, from: thread)
      }
      driver.perform(submission, from: thread)
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      let (upstream, isFirst) = state.withLock { state in
        defer { state.hasBeenAsked = true }
        return (state.status.subscription, !state.hasBeenAsked)
      }
      guard let upstream else { return }
      if isFirst { restartTimer() }
      upstream.request(demand)
    }

    func cancel() {
      var timer: (any Cancellable)?
      driver.cancel { state in
        state.timerTag &+= 1
        timer = state.timer.take()
        return (state.cancel(), state.held.removeAll())
      }
      timer?.cancel()
    }
  }
}
