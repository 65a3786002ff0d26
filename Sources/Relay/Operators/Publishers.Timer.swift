#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

extension Scheduler {
  /// A connectable publisher of this scheduler's `now`, once every interval.
  ///
  /// ```swift
  /// DispatchQueue.main.timerPublisher(every: 1).autoconnect().sink { print($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - interval: The time between ticks; the first comes one interval after `connect()`.
  ///   - tolerance: How late a tick may come; the scheduler's minimum by default.
  ///   - options: How the scheduler runs the ticks.
  /// - Returns: The timer; it ticks once connected.
  public func timerPublisher(
    every interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride? = nil,
    options: SchedulerOptions? = nil
  ) -> Publishers.Timer<Self> {
    Publishers.Timer(every: interval, tolerance: tolerance, scheduler: self, options: options)
  }
}

extension Publishers {
  /// A connectable publisher that publishes its scheduler's `now` at every interval, on any
  /// scheduler, as combine-schedulers' `Publishers.Timer`.
  ///
  /// On a `TestScheduler` it ticks as the test advances the clock, so a test of a countdown
  /// runs in no time:
  ///
  /// ```swift
  /// let scheduler = DispatchQueue.test
  /// let ticks = Publishers.Timer(every: 1, scheduler: scheduler).autoconnect().record()
  /// scheduler.advance(by: 3)  // three ticks
  /// ```
  ///
  /// The first tick comes one interval after `connect()`; each subscriber receives the ticks
  /// it has demand for, and a tick that finds it without demand (or still busy with the last
  /// one) is dropped for it. Cancelling the last subscriber cancels the schedule, as does
  /// cancelling the connection; a later `connect()` starts a new one. It never completes. Ticks
  /// run where the scheduler runs them, each subscriber's one at a time, with no lock held.
  public final class Timer<Context: Scheduler>: ConnectablePublisher, @unchecked Sendable {
    // Every mutable field is in `state`, guarded by its lock.
    /// The scheduler's moment at each tick.
    public typealias Output = Context.SchedulerTimeType
    /// A timer never fails.
    public typealias Failure = Never

    /// The time between ticks.
    public let interval: Context.SchedulerTimeType.Stride
    /// How late a tick may come; `nil` for the scheduler's minimum.
    public let tolerance: Context.SchedulerTimeType.Stride?
    /// Where the ticks run.
    public let scheduler: Context
    /// How the scheduler runs the ticks.
    public let options: Context.SchedulerOptions?

    private struct State {
      var subscribers: [Side] = []
      var isConnected = false
      /// Counts the connections: a schedule set up for a past one is cancelled at once.
      var epoch = 0
      var schedule: (any Cancellable)?
    }

    private let state = Lock<State>.make(State())

    /// Creates a timer; it ticks once connected.
    ///
    /// - Parameters:
    ///   - interval: The time between ticks; the first comes one interval after `connect()`.
    ///   - tolerance: How late a tick may come; the scheduler's minimum by default.
    ///   - scheduler: Where the ticks run, and whose `now` they publish.
    ///   - options: How the scheduler runs the ticks.
    public init(
      every interval: Context.SchedulerTimeType.Stride,
      tolerance: Context.SchedulerTimeType.Stride? = nil, scheduler: Context,
      options: Context.SchedulerOptions? = nil
    ) {
      self.interval = interval
      self.tolerance = tolerance
      self.scheduler = scheduler
      self.options = options
    }

    /// Attaches a subscriber; it receives ticks once the timer is connected and it has demand.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let side = Side(timer: self) { subscriber.receive($0) }
      state.withLock { $0.subscribers.append(side) }
      subscriber.receive(subscription: side)
    }

    /// Starts the ticks, unless they already run.
    ///
    /// - Returns: Stops the ticks when cancelled.
    public func connect() -> any Cancellable {
      let epoch = state.withLock { state -> Int? in
        guard !state.isConnected else { return nil }
        state.isConnected = true
        state.epoch &+= 1
        return state.epoch
      }
      if let epoch {
        let schedule = scheduler.schedule(
          after: scheduler.now.advanced(by: interval), interval: interval,
          tolerance: tolerance ?? scheduler.minimumTolerance, options: options
        ) { self.tick() }
        let stale = state.withLock { state -> (any Cancellable)? in
          guard state.isConnected, state.epoch == epoch else { return schedule }
          state.schedule = schedule
          return nil
        }
        stale?.cancel()
      }
      return Connection(timer: self)
    }

    /// Stops the ticks.
    fileprivate func disconnect() {
      let schedule = state.withLock { state -> (any Cancellable)? in
        state.isConnected = false
        defer { state.schedule = nil }
        return state.schedule
      }
      schedule?.cancel()
    }

    /// A subscriber cancelled: the last one stops the ticks.
    fileprivate func remove(_ side: Side) {
      let isLast = state.withLock { state -> Bool in
        state.subscribers.removeAll { $0 === side }
        return state.subscribers.isEmpty
      }
      if isLast { disconnect() }
    }

    private func tick() {
      let now = scheduler.now
      let subscribers = state.withLock { $0.isConnected ? $0.subscribers : [] }
      for side in subscribers { side.tick(now) }
    }
  }
}

extension Publishers.Timer {
  /// One subscriber's subscription: its demand and whether it is receiving a tick.
  fileprivate final class Side: Subscription, CustomStringConvertible, @unchecked Sendable {
    // Every mutable field is in `state`, guarded by its lock; `receive` is called with no lock
    // held, by one tick at a time.
    struct State {
      var demand = Subscribers.Demand.none
      var isReceiving = false
      var receive: ((Output) -> Subscribers.Demand)?
    }

    let timer: Publishers.Timer<Context>
    let state: Lock<State>

    init(timer: Publishers.Timer<Context>, receive: @escaping (Output) -> Subscribers.Demand) {
      self.timer = timer
      state = Lock.make(State(receive: receive))
    }

    var description: String { "Timer" }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      state.withLock { $0.demand += demand }
    }

    func cancel() {
      let receive = state.withLock { state in
        defer { state.receive = nil }
        return state.receive
      }
      guard receive != nil else { return }
      _ = receive  // released outside the lock
      timer.remove(self)
    }

    /// Delivers a tick if the subscriber has demand and is not receiving one.
    func tick(_ now: Output) {
      let receive = state.withLock { state -> ((Output) -> Subscribers.Demand)? in
        guard let receive = state.receive, state.demand > 0, !state.isReceiving else { return nil }
        state.demand -= 1
        state.isReceiving = true
        return receive
      }
      guard let receive else { return }
      let more = receive(now)
      state.withLock { state in
        state.isReceiving = false
        if state.receive != nil { state.demand += more }
      }
    }
  }

  /// What `connect()` returns: cancelling it stops the ticks.
  private final class Connection: Cancellable, @unchecked Sendable {
    // Immutable.
    let timer: Publishers.Timer<Context>
    init(timer: Publishers.Timer<Context>) { self.timer = timer }
    func cancel() { timer.disconnect() }
  }
}
