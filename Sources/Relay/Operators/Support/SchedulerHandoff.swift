/// The events an operator hands to its scheduler, kept in the order they were handed over
/// until a block on the scheduler takes them: a value with no locks and no threads, kept in
/// the state its owner's lock guards.
///
/// `delay`, `timeout` and `collect` by time deliver on a scheduler. A block that captured its
/// own event could run before an earlier one on a concurrent queue and overtake it; instead
/// the owner enqueues each event under its lock and the block takes the oldest waiting, so
/// the order in which the owner enqueued is the order in which blocks take events, whichever
/// block runs first. The owner then submits what a block took to its `SerialDelivery`, under
/// the same lock, so that one thread at a time delivers, in that order.
///
/// In the `drainEach` mode every event has a block of its own, which takes one event (the
/// oldest), for an owner whose events each wait their own time (`delay`). In the
/// `drainAll` mode the owner schedules a block only when none is pending, and that block
/// takes every event waiting when it starts (`timeout`, `collect` by time).
///
/// - Complexity: Every operation is O(1), but `drainStarts()` in the `drainAll` mode, which
///   is O(1) as well: the waiting events move out together.
struct SchedulerHandoff<Event> {
  /// How many blocks the events wait for.
  enum Mode {
    /// Every event has a block of its own, which takes the oldest event waiting.
    case drainEach
    /// One block at a time is pending; it takes every event waiting when it starts.
    case drainAll
  }

  let mode: Mode
  private(set) var waiting = DeliveryQueue<Event>()
  /// A block is scheduled and has not started yet, in the `drainAll` mode.
  private(set) var isDrainPending = false

  /// Creates an empty handoff.
  init(mode: Mode) { self.mode = mode }

  /// Queues `event` behind those waiting.
  ///
  /// - Returns: Whether the owner schedules a block, once its lock is released, that calls
  ///   `drainStarts()`.
  mutating func enqueue(_ event: Event) -> Bool {
    waiting.append(event)
    switch mode {
    case .drainEach: return true
    case .drainAll:
      guard !isDrainPending else { return false }
      isDrainPending = true
      return true
    }
  }

  /// A block the owner scheduled starts: the events it delivers, oldest first.
  ///
  /// The events are empty when another caller took them first (`removeAll()`).
  mutating func drainStarts() -> DeliveryQueue<Event> {
    switch mode {
    case .drainEach:
      var taken = DeliveryQueue<Event>()
      if let oldest = waiting.popFirst() { taken.append(oldest) }
      return taken
    case .drainAll:
      isDrainPending = false
      return waiting.take()
    }
  }

  /// Takes every waiting event, oldest first.
  ///
  /// For an owner already on the scheduler, which delivers them itself, or which drops them.
  /// A pending block finds nothing.
  mutating func removeAll() -> DeliveryQueue<Event> { waiting.take() }
}

extension SerialDelivery {
  /// Submits `events` from `thread`, in order.
  ///
  /// - Returns: What the owner does once its lock is released: at most one of the events
  ///   leads to a delivery or a drainer, and the rest wait behind it for the same runner.
  mutating func submit(contentsOf events: some Sequence<Event>, from thread: ThreadIdentity)
    -> Submission
  {
    var answer = Submission.waits
    for event in events {
      let submission = submit(event, from: thread)
      if case .waits = answer { answer = submission }
    }
    return answer
  }
}
