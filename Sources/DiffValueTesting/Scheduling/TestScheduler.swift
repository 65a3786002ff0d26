import Dispatch
import Foundation
import Relay
#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

/// A scheduler whose clock moves only when a test says, so that a test of debounced,
/// delayed or timed work runs in no time and gives the same result every run.
///
/// `schedule` never runs anything: it queues the action with its date. `advance(by:)`,
/// `advance(to:)` and `run()` run the queued work: each step takes the earliest action by date,
/// then by the order it was scheduled in, sets `now` to its date, and runs it with no lock held;
/// it then looks at the queue again, so work an action schedules runs in the same advance when it
/// is due by then. A repeating action keeps its place in that order, is queued again for its next
/// date before it runs, and cancelling it removes every queued run.
///
/// ```swift
/// let scheduler = DispatchQueue.test
/// let model = SearchModel(scheduler: scheduler.eraseToAnyScheduler())
/// model.query = "swift"
/// scheduler.advance(by: .milliseconds(299))  // nothing searched yet
/// scheduler.advance(by: .milliseconds(1))  // one search
/// ```
///
/// It is combine-schedulers' `TestScheduler`, spelled the same way, with one difference: work
/// dated before `now` runs at the next advance (and in `run()`) without moving the clock back,
/// where combine-schedulers' `run()` never returns.
///
/// Threads: it is safe to schedule and advance from any thread. The actions run on the thread
/// that advances, one at a time per advancing thread, each for as long as it takes.
public final class TestScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler,
  @unchecked Sendable
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  // Every mutable field is in `state`, guarded by its lock; actions run after it is released.
  private struct Work {
    var date: SchedulerTimeType
    /// The order of the `schedule` call that queued it; a repeating action keeps its own.
    var sequence: UInt64
    var interval: SchedulerTimeType.Stride?
    var action: () -> Void

    func comesBefore(_ other: Work) -> Bool {
      date < other.date || (date == other.date && sequence < other.sequence)
    }
  }

  private struct State {
    var now: SchedulerTimeType
    /// The queued work, latest first: the next to run is the last.
    var queue: [Work] = []
    var lastSequence: UInt64 = 0

    mutating func nextSequence() -> UInt64 {
      lastSequence += 1
      return lastSequence
    }

    mutating func enqueue(_ work: Work) {
      // The first position whose work comes before the new one: everything later stays ahead.
      var low = 0
      var high = queue.count
      while low < high {
        let middle = (low + high) / 2
        if queue[middle].comesBefore(work) { high = middle } else { low = middle + 1 }
      }
      queue.insert(work, at: low)
    }

    /// Takes the next action dated at or before `instant` (any date when `nil`), moves the clock
    /// to its date and queues a repeating action's next run; with none due, moves the clock to
    /// `instant`.
    ///
    /// The clock never goes back.
    mutating func takeNext(dueBy instant: SchedulerTimeType?) -> (() -> Void)? {
      guard let next = queue.last, instant.map({ next.date <= $0 }) ?? true else {
        if let instant, now < instant { now = instant }
        return nil
      }
      queue.removeLast()
      if now < next.date { now = next.date }
      if let interval = next.interval {
        var again = next
        again.date = next.date.advanced(by: interval)
        enqueue(again)
      }
      return next.action
    }
  }

  private let state: Lock<State>

  /// Zero: the scheduler runs work exactly at its date.
  public let minimumTolerance: SchedulerTimeType.Stride = .zero

  /// Creates a scheduler whose clock starts at `now`.
  ///
  /// - Parameter now: The starting moment.
  public init(now: SchedulerTimeType) {
    state = Lock.make(State(now: now))
  }

  /// The scheduler's current moment; only advancing moves it.
  public var now: SchedulerTimeType { state.withLock { $0.now } }

  /// How many actions are queued, repeating ones counting once: for the package's tests.
  var queuedCount: Int { state.withLock { $0.queue.count } }

  /// Queues an action for `now`; it runs at the next advance.
  ///
  /// - Parameters:
  ///   - options: Ignored.
  ///   - action: The closure.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    state.withLock { state in
      state.enqueue(Work(date: state.now, sequence: state.nextSequence(), action: action))
    }
  }

  /// Queues an action for a date; it runs when an advance reaches that date.
  ///
  /// - Parameters:
  ///   - date: When it runs; a date before `now` runs at the next advance.
  ///   - tolerance: Ignored.
  ///   - options: Ignored.
  ///   - action: The closure.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    state.withLock { state in
      state.enqueue(Work(date: date, sequence: state.nextSequence(), action: action))
    }
  }

  /// Queues an action for a date and every interval after it.
  ///
  /// - Parameters:
  ///   - date: The first run's date.
  ///   - interval: The time between runs; it must be positive.
  ///   - tolerance: Ignored.
  ///   - options: Ignored.
  ///   - action: The closure.
  /// - Returns: Removes every queued run; a run in progress finishes. Releasing it cancels too.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    precondition(
      interval > .zero, "TestScheduler: a repeating action needs a positive interval")
    let sequence = state.withLock { state in
      let sequence = state.nextSequence()
      state.enqueue(Work(date: date, sequence: sequence, interval: interval, action: action))
      return sequence
    }
    return AnyCancellable { [weak self] in
      let removed = self?.state.withLock { state -> [Work] in
        let removed = state.queue.filter { $0.sequence == sequence }
        state.queue.removeAll { $0.sequence == sequence }
        return removed
      }
      _ = removed  // the action is released outside the lock
    }
  }

  /// Moves the clock forward by `duration`, running in order every action due by then.
  ///
  /// - Parameter duration: How far to move; zero (the default) runs what is due now.
  public func advance(by duration: SchedulerTimeType.Stride = .zero) {
    advance(to: now.advanced(by: duration))
  }

  /// Moves the clock to `instant`, running in order every action due by then, those that the
  /// actions schedule included.
  ///
  /// An instant before `now` runs what is dated by it and leaves the clock where it is.
  ///
  /// - Parameter instant: The moment to move to.
  public func advance(to instant: SchedulerTimeType) {
    while let action = state.withLock({ $0.takeNext(dueBy: instant) }) { action() }
  }

  /// Runs every queued action, and those they schedule, moving the clock as far as needed,
  /// until nothing is queued; work dated in the past runs too.
  ///
  /// It does not return while a repeating action is queued: cancel it (or end it, for example
  /// with `prefix(_:)`) from inside the work, or use `advance(by:)`.
  public func run() {
    while let action = state.withLock({ $0.takeNext(dueBy: nil) }) { action() }
  }

  /// Moves the clock forward by `duration` as `advance(by:)` does, letting other tasks run
  /// before each action and after the last, so that work a task schedules when it resumes is
  /// seen.
  ///
  /// - Parameter duration: How far to move; zero (the default) runs what is due now.
  @MainActor
  public func advance(by duration: SchedulerTimeType.Stride = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves the clock to `instant` as `advance(to:)` does, letting other tasks run before each
  /// action and after the last.
  ///
  /// - Parameter instant: The moment to move to.
  @MainActor
  public func advance(to instant: SchedulerTimeType) async {
    while true {
      await yieldToOtherTasks()
      guard let action = state.withLock({ $0.takeNext(dueBy: instant) }) else { return }
      action()
    }
  }

  /// Runs every queued action as `run()` does, letting other tasks run before each action and
  /// after the last.
  @MainActor
  public func run() async {
    while true {
      await yieldToOtherTasks()
      guard let action = state.withLock({ $0.takeNext(dueBy: nil) }) else { return }
      action()
    }
  }

  /// Yields a few times: a task that an action resumed gets to run, and to schedule its next
  /// work, before the clock moves on.
  ///
  /// A bounded number of turns, not a guarantee.
  @MainActor
  private func yieldToOtherTasks() async {
    for _ in 0..<20 { await Task.yield() }
  }
}

/// A test scheduler with another scheduler's time and options types, so that it can stand in
/// for that scheduler: `TestSchedulerOf<DispatchQueue>`.
public typealias TestSchedulerOf<S: Scheduler> = TestScheduler<
  S.SchedulerTimeType, S.SchedulerOptions
>

extension DispatchQueue {
  /// A new test scheduler with a dispatch queue's types; its clock starts at uptime 1 ns (0
  /// means "now" to Dispatch).
  public static var test: TestSchedulerOf<DispatchQueue> {
    TestScheduler(now: SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)))
  }
}

extension UIScheduler {
  /// A new test scheduler with `UIScheduler`'s types; its clock starts at uptime 1 ns.
  public static var test: TestSchedulerOf<UIScheduler> {
    TestScheduler(now: SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)))
  }
}

extension RunLoop {
  /// A new test scheduler with a run loop's types; its clock starts at 1970-01-01, as
  /// combine-schedulers' does.
  public static var test: TestSchedulerOf<RunLoop> {
    TestScheduler(now: SchedulerTimeType(Date(timeIntervalSince1970: 0)))
  }
}

extension OperationQueue {
  /// A new test scheduler with an operation queue's types; its clock starts at 1970-01-01, as
  /// combine-schedulers' does.
  public static var test: TestSchedulerOf<OperationQueue> {
    TestScheduler(now: SchedulerTimeType(Date(timeIntervalSince1970: 0)))
  }
}
