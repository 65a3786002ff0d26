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
  /// one) is dropped for it. Cancelling the last subscriber cancels the schedule until another
  /// subscriber comes, while the timer stays connected; cancelling the connection cancels it
  /// until a later `connect()` (cancelling a connection a later one replaced does nothing). It
  /// never completes. Ticks run where the scheduler runs them, each subscriber's one at a time,
  /// with no lock held. The schedule is set up and cancelled with no lock held, one thread at a
  /// time, so subscribers and connections coming and going on several threads leave it running
  /// exactly while the timer is connected and somebody is subscribed.
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
      /// The connection that holds the timer, numbered; `nil` when nobody connected it or its
      /// connection was cancelled.
      var connection: Int?
      var connections = 0
      /// Whether the ticks run, and their schedule: wanted while connected and subscribed;
      /// scheduled and cancelled outside the lock, one thread at a time.
      var ticking = Reconciliation<TickSchedule>()
      var schedules = 0
      /// The schedule being set up: a scheduler that runs the first tick at once
      /// (`DispatchQueue.immediate`) runs it before the schedule is handed over.
      var starting: Int?

      var wantsTicks: Bool { connection != nil && !subscribers.isEmpty }
    }

    /// One schedule of ticks, numbered so that a tick of a schedule being cancelled is dropped.
    private struct TickSchedule: @unchecked Sendable {
      // The schedule's cancellable is only cancelled, once, by the reconciler.
      let number: Int
      let cancellable: any Cancellable
    }

    private let state = Lock<State>.make(State())

    /// Creates a timer; it ticks once connected.
    ///
    /// - Parameters:
    ///   - interval: The time between ticks; the first comes one interval after `connect()`.
    ///   - tolerance: How late a tick may come; the scheduler's minimum by default.
    ///   - scheduler: Where the ticks run, and whose `now` they publish.
    ///   - options: How the scheduler runs the ticks.
    @inlinable
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
      reconcile()
    }

    /// Starts the ticks, unless they already run.
    ///
    /// - Returns: Stops the ticks when cancelled; cancelling a connection that a later one
    ///   replaced does nothing.
    public func connect() -> any Cancellable {
      let number = state.withLock { state -> Int in
        if let connection = state.connection { return connection }
        state.connections &+= 1
        state.connection = state.connections
        return state.connections
      }
      reconcile()
      return Connection(timer: self, number: number)
    }

    /// Stops the ticks of connection `number`, if it still holds the timer.
    fileprivate func disconnect(_ number: Int) {
      let isCurrent = state.withLock { state -> Bool in
        guard state.connection == number else { return false }
        state.connection = nil
        return true
      }
      if isCurrent { reconcile() }
    }

    /// A subscriber cancelled: with nobody left, the ticks stop until one comes.
    fileprivate func remove(_ side: Side) {
      state.withLock { $0.subscribers.removeAll { $0 === side } }
      reconcile()
    }

    /// Schedules or cancels the ticks until they run exactly while the timer is connected and
    /// subscribed.
    private func reconcile() {
      carryOut(
        state.withLock { state in
          state.ticking.want(state.wantsTicks) ? state.ticking.next() : .done
        })
    }

    private func carryOut(_ step: Reconciliation<TickSchedule>.Step) {
      Reconciliation.carryOut(
        step,
        advance: { body in
          state.withLock {
            $0.starting = nil
            return body(&$0.ticking)
          }
        },
        start: { schedule() }, stop: { $0.cancellable.cancel() }, owner: self)
    }

    /// Schedules ticks every interval, the first one interval from now.
    private func schedule() -> TickSchedule {
      let number = state.withLock { state -> Int in
        state.schedules &+= 1
        state.starting = state.schedules
        return state.schedules
      }
      let cancellable = scheduler.schedule(
        after: scheduler.now.advanced(by: interval), interval: interval,
        tolerance: tolerance ?? scheduler.minimumTolerance, options: options
      ) { [weak self] in self?.tick(number) }
      return TickSchedule(number: number, cancellable: cancellable)
    }

    private func tick(_ schedule: Int) {
      let now = scheduler.now
      let subscribers = state.withLock { state -> [Side] in
        // A schedule that is no longer the running one, or is being stopped, ticks no more.
        guard state.ticking.isWanted,
          state.ticking.resource?.number == schedule || state.starting == schedule
        else { return [] }
        return state.subscribers
      }
      for side in subscribers { side.tick(now) }
    }
  }
}

extension Publishers.Timer: SendableWork {
  /// Resumes reconciling on a block another reconciler handed on to.
  @usableFromInline func perform() {
    carryOut(
      state.withLock { state in
        state.ticking.resume()
        return state.ticking.next()
      })
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

  /// What `connect()` returns: cancelling it stops the ticks, if it is still the timer's
  /// connection.
  private final class Connection: Cancellable, @unchecked Sendable {
    // Immutable.
    let timer: Publishers.Timer<Context>
    let number: Int
    init(timer: Publishers.Timer<Context>, number: Int) {
      self.timer = timer
      self.number = number
    }
    func cancel() { timer.disconnect(number) }
  }
}
