/// The rules by which events from any number of threads reach one consumer, one at a time and
/// in order, with no caller kept delivering other threads' events: a value with no locks and
/// no threads, kept inside the state its owner's lock guards.
///
/// Relay's relays, every operator that several threads may feed, `receive(on:)` and
/// DiffValue's list binding (hence `package`) deliver through it. Its owner takes the lock,
/// hands it one event, releases the lock, and then does what it answered: deliver an event
/// with no lock held, schedule a drainer, or nothing.
///
/// **Who delivers.** In the `producersDeliver` mode, a thread with an event that finds nobody
/// delivering becomes the *runner* and delivers it at once, then whatever it queues itself
/// from inside those deliveries (its *own* events). When the next waiting event is another
/// thread's, it hands the rest to a *drainer*, a block its owner schedules (on a global queue,
/// a scheduler, the main queue), and returns. A drainer delivers every waiting event, and after
/// `drainerTurns` of them hands on to a new block, so that it never keeps its queue from other
/// work for long. In the `drainerDelivers` mode (`receive(on:)`) nobody delivers on the
/// producer's thread: an event that finds no block scheduled schedules one, and a block
/// delivers what waited when it started, so work submitted to the queue after an event runs
/// after its delivery.
///
/// - Complexity: Every event is amortized O(1), but `removeAll`, which hands the waiting events
///   back in O(1) too.
@usableFromInline
package struct SerialDelivery<Event> {
  /// Whether a producer that finds nobody delivering delivers its own event.
  @usableFromInline
  package enum Mode: Sendable {
    /// A producer delivers its own events; other threads' go to a drainer.
    case producersDeliver
    /// Every event goes to a drainer, each event finding none scheduled schedules one.
    case drainerDelivers
  }

  /// Who delivers now.
  @usableFromInline
  enum Runner: Equatable {
    /// A producer, delivering its own events.
    case producer(ThreadIdentity)
    /// A drainer block, with how many more events it may deliver before it hands on.
    case drainer(ThreadIdentity, turnsLeft: Int)

    @inlinable
    var thread: ThreadIdentity {
      switch self {
      case .producer(let thread), .drainer(let thread, _): thread
      }
    }
  }

  /// An event waiting, and whether the runner queued it itself (from inside a delivery).
  @usableFromInline
  package struct Waiting {
    @usableFromInline package var event: Event
    @usableFromInline let isRunnersOwn: Bool

    @inlinable
    init(event: Event, isRunnersOwn: Bool) {
      self.event = event
      self.isRunnersOwn = isRunnersOwn
    }
  }

  /// What a producer does with its event.
  @usableFromInline
  package enum Submission {
    /// Deliver it now, with no lock held: the producer is the runner.
    case deliver(Event)
    /// Nothing: it waits for the runner, or for a drainer already scheduled.
    case waits
    /// Schedule a drainer: it waits for it.
    case scheduleDrainer
  }

  /// What the runner does after a delivery.
  @usableFromInline
  enum Next {
    /// Deliver this event, then ask again.
    case deliver(Event)
    /// Schedule a drainer and return: the rest waits for it.
    case scheduleDrainer
    /// Return: nothing waits, or a drainer already scheduled takes what does.
    case stop
  }

  @usableFromInline private(set) var waiting = DeliveryQueue<Waiting>()
  @usableFromInline private(set) var runner: Runner?
  /// A drainer is scheduled and has not started yet.
  @usableFromInline private(set) var isDrainerScheduled = false
  // Last, with the flag above: the narrow fields together leave the least padding (32 bytes in
  // all, where an `Int` of turns made it 35, and a relay's core 8 bytes larger).
  @usableFromInline let mode: Mode
  /// How many events a drainer delivers before it hands on to a new block, in the
  /// `producersDeliver` mode.
  @usableFromInline let drainerTurns: Int32

  /// Creates an idle delivery.
  ///
  /// - Parameters:
  ///   - mode: Whether producers deliver their own events.
  ///   - drainerTurns: How many events a drainer delivers before it hands on to a new block.
  @inlinable
  package init(mode: Mode = .producersDeliver, drainerTurns: Int = 64) {
    precondition(drainerTurns > 0, "a drainer must deliver at least one event per block")
    precondition(
      drainerTurns <= Int32.max, "a drainer may deliver at most Int32.max events per block")
    self.mode = mode
    self.drainerTurns = Int32(truncatingIfNeeded: drainerTurns)
  }

  /// Whether anybody delivers, or is scheduled to.
  @inlinable var isActive: Bool { runner != nil || isDrainerScheduled }

  /// Whether `thread` runs the deliveries now, so that what it sends or cancels comes from
  /// inside a delivery.
  @inlinable
  func isRunning(on thread: ThreadIdentity) -> Bool { runner?.thread == thread }

  // MARK: Producing

  /// Makes `thread` the runner when nobody delivers and nothing waits: the producer's hot
  /// path, whose event travels beside the call rather than through the queue.
  ///
  /// An event delivered this way must be the next in order, so nothing may wait: an owner that
  /// puts events in the queue itself (`enqueue`, such as what a relay's reservation held) and has
  /// not yet scheduled their drainer must not have its next event jump ahead of them.
  ///
  /// - Returns: Whether `thread` is the runner now and delivers its event.
  @inlinable @inline(__always)
  package mutating func claim(from thread: ThreadIdentity) -> Bool {
    guard mode == .producersDeliver, runner == nil, !isDrainerScheduled, waiting.isEmpty else {
      return false
    }
    runner = .producer(thread)
    return true
  }

  /// An event arrives from `thread`.
  ///
  /// - Parameter canDeliverHere: Whether this thread may deliver, when nobody else does
  ///   (false off the main queue, for a consumer that lives there).
  @inlinable
  package mutating func submit(
    _ event: Event, from thread: ThreadIdentity, canDeliverHere: Bool = true
  ) -> Submission {
    if canDeliverHere, claim(from: thread) { return .deliver(event) }
    enqueue(event, from: thread)
    return scheduleIfNeeded()
  }

  /// Queues an event behind the deliveries in progress, without scheduling anything: for an
  /// owner that decides itself, such as a relay's held `modify` values.
  @inlinable
  package mutating func enqueue(_ event: Event, from thread: ThreadIdentity) {
    waiting.append(Waiting(event: event, isRunnersOwn: isRunning(on: thread)))
  }

  /// Schedules a drainer when the waiting events have nobody to deliver them (or, in the
  /// `drainerDelivers` mode, when no block is scheduled yet).
  @inlinable
  package mutating func scheduleIfNeeded() -> Submission {
    guard !waiting.isEmpty, !isDrainerScheduled else { return .waits }
    switch mode {
    case .producersDeliver where runner != nil: return .waits
    case .producersDeliver, .drainerDelivers:
      isDrainerScheduled = true
      return .scheduleDrainer
    }
  }

  // MARK: Delivering

  /// The runner on `thread` has delivered an event: it stops, and this returns true, when
  /// nothing waits; otherwise it goes on with `next(from:)`.
  ///
  /// The hot path: no answer carrying an event is built.
  @inlinable @inline(__always)
  mutating func stopIfIdle(from thread: ThreadIdentity) -> Bool {
    guard waiting.isEmpty else { return false }
    assert(runner?.thread == thread, "a thread that does not run the deliveries asked to stop")
    runner = nil
    return true
  }

  /// The runner on `thread` has delivered an event: what it does next.
  @inlinable
  mutating func next(from thread: ThreadIdentity) -> Next {
    guard let runner, runner.thread == thread else {
      preconditionFailure("a thread that does not run the deliveries asked for the next event")
    }
    guard let first = waiting.first else {
      self.runner = nil
      return .stop
    }
    switch runner {
    case .producer where !first.isRunnersOwn:
      return handOn()
    case .producer:
      break
    case .drainer(_, let turnsLeft) where turnsLeft == 0:
      return handOn()
    case .drainer(let thread, let turnsLeft):
      self.runner = .drainer(thread, turnsLeft: turnsLeft - 1)
    }
    return .deliver(waiting.popFirst().unsafelyUnwrapped.event)
  }

  /// The runner stops; a drainer takes what waits, unless one is scheduled already.
  @inlinable
  mutating func handOn() -> Next {
    runner = nil
    if isDrainerScheduled { return .stop }
    isDrainerScheduled = true
    return .scheduleDrainer
  }

  /// A scheduled drainer starts on `thread`: what it delivers first.
  @inlinable
  mutating func drainerStarts(on thread: ThreadIdentity) -> Next {
    precondition(isDrainerScheduled, "a drainer started that nobody scheduled")
    isDrainerScheduled = false
    // On a concurrent queue an earlier block may still deliver: it goes on with what waits.
    guard runner == nil else { return .stop }
    let turns = mode == .drainerDelivers ? waiting.count : Int(drainerTurns)
    runner = .drainer(thread, turnsLeft: turns)
    return next(from: thread)
  }

  /// The runner on `thread` stopped without asking for the next event, having seen nothing
  /// waiting (an owner that ends an uneventful round with an atomic instead of its lock).
  @inlinable
  mutating func runnerStopped() {
    precondition(waiting.isEmpty, "the runner stopped with events waiting")
    runner = nil
  }

  // MARK: Delivering in batches

  /// What the runner delivers next, for an owner that hands its consumer batches.
  @usableFromInline
  package enum Batch {
    /// Deliver these events, in order, then ask `nextBatch(from:)`.
    case deliver(DeliveryQueue<Waiting>)
    /// Schedule a drainer and return: the rest waits for it.
    case scheduleDrainer
    /// Return: nothing waits, or a drainer already scheduled takes what does.
    case stop
  }

  /// A scheduled drainer starts on `thread` and takes every event waiting at once, to deliver
  /// them in order with no lock held, then asks `nextBatch(from:)`: for an owner that hands
  /// its consumer batches (`receive(on:)`, DiffValue's list binding).
  ///
  /// - Returns: The batch, or `nil` when another block delivers (on a concurrent queue) or
  ///   nothing waits: the block returns.
  /// - Complexity: O(1): the waiting events move out together.
  @inlinable
  package mutating func drainerTakesBatch(on thread: ThreadIdentity) -> DeliveryQueue<Waiting>? {
    precondition(isDrainerScheduled, "a drainer started that nobody scheduled")
    isDrainerScheduled = false
    guard runner == nil, !waiting.isEmpty else { return nil }
    runner = .drainer(thread, turnsLeft: 0)
    return waiting.take()
  }

  /// The runner on `thread` delivered a batch (or, as a producer, its own event): what it
  /// does next.
  ///
  /// A producer takes the events it queued itself meanwhile, up to the first of another
  /// thread's, which it hands to a drainer. A drainer delivers one batch, what waited when it
  /// started: a new block takes what came meanwhile (scheduled already by the events that
  /// found none in the `drainerDelivers` mode, or by this answer).
  ///
  /// - Complexity: O(k) for a producer's batch of k events, O(1) otherwise.
  @inlinable
  package mutating func nextBatch(from thread: ThreadIdentity) -> Batch {
    guard let runner, runner.thread == thread else {
      preconditionFailure("a thread that does not run the deliveries asked for the next batch")
    }
    guard let first = waiting.first else {
      self.runner = nil
      return .stop
    }
    guard case .producer = runner, first.isRunnersOwn else {
      if case .scheduleDrainer = handOn() { return .scheduleDrainer }
      return .stop
    }
    var own = DeliveryQueue<Waiting>()
    while let next = waiting.first, next.isRunnersOwn {
      own.append(waiting.popFirst().unsafelyUnwrapped)
    }
    return .deliver(own)
  }

  // MARK: Ending

  /// Hands every waiting event back, to release after the lock; the runner, if any, finds
  /// nothing more to deliver.
  @inlinable
  package mutating func removeAll() -> DeliveryQueue<Waiting> { waiting.take() }

  /// Moves the waiting event at `offset` out: for an owner that drops or withdraws one.
  @inlinable
  mutating func removeWaiting(at offset: Int) -> Event { waiting.remove(at: offset).event }

  /// Delivers events until the answer is no longer `.deliver`, then schedules a drainer if
  /// that is the answer: the loop every owner runs once it holds an answer.
  ///
  /// - Parameters:
  ///   - next: The answer in hand.
  ///   - deliver: Delivers one event with no lock held, then asks `next(from:)` under the lock.
  ///   - scheduleDrainer: Schedules the block that calls `drainerStarts(on:)`.
  @inlinable
  static func run(
    _ next: Next, deliver: (Event) -> Next, scheduleDrainer: () -> Void
  ) {
    var next = next
    while case .deliver(let event) = next { next = deliver(event) }
    if case .scheduleDrainer = next { scheduleDrainer() }
  }

  /// Checks the rules the owner relies on; costs nothing in release builds.
  @inlinable
  func _checkInvariants() {
    #if DEBUG
      if !isActive { precondition(waiting.isEmpty, "events waiting with nobody to deliver them") }
    #endif
  }
}
