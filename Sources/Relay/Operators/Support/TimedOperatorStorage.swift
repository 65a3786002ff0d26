#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

/// The subscription of a `debounce`, `throttle` or `delay`: it takes the lock, asks its state
/// what to do, releases the lock, and then calls the downstream, the upstream or the scheduler.
///
/// The downstream is called by one thread at a time, the runner of the state's
/// `SerialDelivery`, with no lock held. Events that other threads produce meanwhile wait in
/// order for a drainer, which runs on the operator's scheduler: deliveries stay there.
/// `cancel()` never waits for a call in progress on another thread; once it returns, the
/// downstream receives at most one more call, which another thread had already set out to make.
@usableFromInline
protocol TimedOperatorStorage: Subscription, AnyObject, Sendable
where Downstream.Input == Machine.Output, Downstream.Failure == Machine.Failure {
  associatedtype Machine: TimedOperatorState
  associatedtype Downstream: Subscriber
  associatedtype Context: Scheduler

  var downstream: Downstream { get }
  var state: Lock<Machine> { get }
  var scheduler: Context { get }
  /// How the scheduler runs the drainer.
  var options: Context.SchedulerOptions? { get }
}

extension TimedOperatorStorage {
  @usableFromInline typealias Event = DownstreamEvent<Machine.Output, Machine.Failure>

  /// Does what the state answered to an event, once the lock is released: delivers it as the
  /// runner, or schedules the drainer it waits for.
  @inlinable
  func perform(_ submission: Machine.Submission) {
    switch submission {
    case .deliver(let event): run(.deliver(event), from: ThreadIdentity.current)
    case .scheduleDrainer: scheduleDrainer()
    case .waits: break
    }
  }

  /// Delivers events as the runner on `thread` until the delivery says to stop.
  @inlinable
  func run(_ next: SerialDelivery<Event>.Next, from thread: ThreadIdentity) {
    SerialDelivery.run(
      next, deliver: { settle($0.send(to: downstream), from: thread) },
      scheduleDrainer: scheduleDrainer)
  }

  /// After a call to the downstream that returned `more`: counts it, or passes it to the
  /// upstream with no lock held, and only then asks for the runner's next event.
  ///
  /// A cancel made from inside that call to the upstream on this thread empties the delivery
  /// first, so no delivery starts after it returns. With no call to make, the next event is
  /// taken under the same lock.
  @inlinable
  func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity)
    -> SerialDelivery<Event>.Next
  {
    let (next, upstream) = state.withLock {
      state -> (SerialDelivery<Event>.Next?, (any Subscription)?) in
      if more != .none, let upstream = state.request(more) { return (nil, upstream) }
      return (state.delivery.next(from: thread), nil)
    }
    guard let upstream else { return next.unsafelyUnwrapped }
    upstream.request(more)
    return state.withLock { $0.delivery.next(from: thread) }
  }

  /// Schedules the block that delivers what waits, on the operator's scheduler.
  @inlinable
  func scheduleDrainer() {
    scheduler.schedule(options: options) {
      let thread = ThreadIdentity.current
      self.run(self.state.withLock { $0.delivery.drainerStarts(on: thread) }, from: thread)
    }
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    state.withLock { $0.request(demand) }?.request(demand)
  }

  @inlinable
  func cancel() {
    let (upstream, released) = state.withLock { $0.cancel() }
    _ = released  // released outside the lock
    upstream?.cancel()
  }
}
