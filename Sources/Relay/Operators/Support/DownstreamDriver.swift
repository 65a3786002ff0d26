import Dispatch

/// The state, kept under an operator's lock, that a `DownstreamDriver` delivers from: the
/// downstream's events in a `SerialDelivery`, and what demand the downstream returns leads to.
///
/// `merge`, `zip`, `flatMap`, `switchToLatest`, `combineLatest`, `debounce`, `throttle` and
/// `delay` (and `timeout`) keep such a state; each counts returned demand its own way and asks its own upstreams.
@usableFromInline
protocol DownstreamDriverState {
  associatedtype Output
  associatedtype Failure: Error

  /// The downstream's events, delivered by one thread at a time.
  var delivery: SerialDelivery<DownstreamEvent<Output, Failure>> { get set }

  /// The downstream returned `more` (never `.none`) from a call made by the runner on
  /// `thread`: counts it, and returns the calls to make upstream, or `nil` when there are none.
  mutating func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity) -> UpstreamCalls?
}

/// The calls an operator makes to its upstreams, with no lock held, for demand its downstream
/// returned from a call.
@usableFromInline
enum UpstreamCalls {
  /// Ask this upstream for the returned demand.
  case request(any Subscription)
  /// Ask each of these upstreams for the returned demand.
  case requestEach([any Subscription])
  /// Cancel these upstreams, then make these requests; `released` is what the state let go
  /// of, released once the lock is.
  case calls(
    cancel: [any Subscription], requests: [(any Subscription, Subscribers.Demand)], released: Any)

  /// Makes the calls: `more` is what the downstream returned.
  @inlinable
  func make(asking more: Subscribers.Demand) {
    switch self {
    case .request(let upstream): upstream.request(more)
    case .requestEach(let upstreams): for upstream in upstreams { upstream.request(more) }
    case .calls(let cancel, let requests, _):
      for subscription in cancel { subscription.cancel() }
      for (subscription, demand) in requests { subscription.request(demand) }
    }
  }
}

/// The downstream side of an operator that several threads may feed: it delivers the events
/// its state's `SerialDelivery` hands out, one thread at a time and with no lock held, settles
/// the demand each call returns, and schedules the drainer that delivers what waits.
///
/// The operator's storage takes the lock, asks its state what an event leads to, releases the
/// lock, and hands the answer here (`carryOut` or `perform`). The thread that becomes the
/// runner delivers; after each call it passes the returned demand to the upstreams before it
/// asks for the next event, so that a cancel made from inside those calls empties the queue
/// first and no delivery starts after the cancel returns. Events other threads produce
/// meanwhile wait in order for a drainer, which the operator places: on a global queue, or on
/// its scheduler.
@usableFromInline
struct DownstreamDriver<State: DownstreamDriverState, Downstream: Subscriber>
where Downstream.Input == State.Output, Downstream.Failure == State.Failure {
  @usableFromInline typealias Event = DownstreamEvent<State.Output, State.Failure>
  @usableFromInline typealias Next = SerialDelivery<Event>.Next

  @usableFromInline let downstream: Downstream
  @usableFromInline let state: Lock<State>
  /// Runs a drainer block where the operator delivers what waits.
  @usableFromInline let placeDrainer: (ScheduledAction) -> Void

  /// Creates the driver of `downstream`, with `state` under a new lock.
  ///
  /// - Parameters:
  ///   - downstream: The subscriber the events go to.
  ///   - state: The operator's initial state.
  ///   - placeDrainer: Runs a drainer block; a global queue's by default.
  @inlinable
  init(
    downstream: Downstream, state: State,
    placeDrainer: @escaping (ScheduledAction) -> Void = { drain in
      DispatchQueue.global().async { drain.run() }
    }
  ) {
    self.downstream = downstream
    self.state = .make(state)
    self.placeDrainer = placeDrainer
  }

  /// Does what an event led to: calls the upstreams, then delivers as the runner or schedules
  /// a drainer.
  @inlinable
  func carryOut<Released>(
    _ effects: OperatorEffects<State.Output, State.Failure, Released>, from thread: ThreadIdentity
  ) {
    effects.callUpstreams()
    if let event = effects.deliver {
      run(.deliver(event), from: thread)
    } else if effects.schedulesDrainer {
      scheduleDrainer()
    }
  }

  /// Does what the state answered to an event submitted from `thread`: delivers it as the
  /// runner, or schedules the drainer it waits for.
  @inlinable
  func perform(_ submission: SerialDelivery<Event>.Submission, from thread: ThreadIdentity) {
    switch submission {
    case .deliver(let event): run(.deliver(event), from: thread)
    case .scheduleDrainer: scheduleDrainer()
    case .waits: break
    }
  }

  /// Does what the state answered to a value submitted from `thread`, and returns the demand
  /// the downstream returned for it when this thread delivered it.
  ///
  /// That demand is the answer to the upstream that sent the value (as in Combine), which
  /// `settle` does not count. The runner then delivers what it queued meanwhile.
  @inlinable
  func deliver(_ submission: SerialDelivery<Event>.Submission, from thread: ThreadIdentity)
    -> Subscribers.Demand
  {
    guard case .deliver(let event) = submission else {
      perform(submission, from: thread)
      return .none
    }
    let more = event.send(to: downstream)
    run(state.withLock { $0.delivery.next(from: thread) }, from: thread)
    return more
  }

  /// Delivers as the runner on `thread` until the delivery says to stop or to hand on.
  @inlinable @inline(never)
  func run(_ next: Next, from thread: ThreadIdentity) {
    SerialDelivery.run(
      next, deliver: { settle($0.send(to: downstream), from: thread) },
      scheduleDrainer: scheduleDrainer)
  }

  /// After a call to the downstream that returned `more`: makes the calls it leads to
  /// upstream, with no lock held, and only then asks for the runner's next event.
  ///
  /// With no call to make, the next event is taken under the same lock.
  @inlinable
  func settle(_ more: Subscribers.Demand, from thread: ThreadIdentity) -> Next {
    let (calls, next) = state.withLock { state -> (UpstreamCalls?, Next?) in
      if more != .none, let calls = state.settle(more, from: thread) {
        return (calls, nil)
      }
      return (nil, state.delivery.next(from: thread))
    }
    guard let calls else { return next.unsafelyUnwrapped }
    calls.make(asking: more)
    return state.withLock { $0.delivery.next(from: thread) }
  }

  /// The downstream cancelled: `end` ends the state under the lock, returning the upstream to
  /// cancel and what else to release; the events that waited are dropped, and everything is
  /// released and cancelled once the lock is.
  @inlinable
  func cancel<Released>(_ end: (inout State) -> ((any Subscription)?, Released)) {
    let (ended, waiting) = state.withLock { state in (end(&state), state.delivery.removeAll()) }
    _ = waiting  // released outside the lock
    ended.0?.cancel()
  }

  /// Hands what waits to a drainer block, placed by the operator.
  @inlinable
  func scheduleDrainer() {
    placeDrainer(ScheduledAction { drain() })
  }

  /// What a drainer block does: it becomes the runner, unless another block delivers already.
  @inlinable
  func drain() {
    let thread = ThreadIdentity.current
    run(state.withLock { $0.delivery.drainerStarts(on: thread) }, from: thread)
  }
}

extension OperatorEffects {
  /// The calls to the upstreams these effects make, and what they release, if anything, for
  /// a state whose answer to the downstream's returned demand is its answer to a request: such
  /// an answer, made by the runner, delivers nothing itself (its events wait for the runner).
  @inlinable
  var upstreamCalls: UpstreamCalls? {
    assert(deliver == nil && !schedulesDrainer, "the runner's own events must wait for it")
    guard !cancel.isEmpty || !requests.isEmpty || !released.isEmpty else { return nil }
    return .calls(cancel: cancel, requests: requests, released: released)
  }
}
