#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

extension Scheduler {
  /// Suspends the task for a duration by this scheduler's clock.
  ///
  /// On a `TestScheduler` the task resumes when the test advances the clock that far; on an
  /// `ImmediateScheduler`, at once.
  ///
  /// ```swift
  /// try await scheduler.sleep(for: .seconds(1))
  /// ```
  /// - Parameters:
  ///   - duration: How long to sleep.
  ///   - tolerance: How late the scheduler may wake the task.
  ///   - options: How the scheduler runs the wake-up.
  /// - Throws: `CancellationError` when the task is cancelled before or while it sleeps; a
  ///   cancelled sleep returns at once, without waiting for the scheduler.
  public func sleep(
    for duration: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride = .zero,
    options: SchedulerOptions? = nil
  ) async throws {
    try await sleep(until: now.advanced(by: duration), tolerance: tolerance, options: options)
  }

  /// Suspends the task until a moment by this scheduler's clock.
  ///
  /// - Parameters:
  ///   - deadline: When to resume; a moment already past resumes at the scheduler's next turn.
  ///   - tolerance: How late the scheduler may wake the task.
  ///   - options: How the scheduler runs the wake-up.
  /// - Throws: `CancellationError` when the task is cancelled before or while it sleeps.
  public func sleep(
    until deadline: SchedulerTimeType, tolerance: SchedulerTimeType.Stride = .zero,
    options: SchedulerOptions? = nil
  ) async throws {
    try Task.checkCancellation()
    let sleeper = Sleeper()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard sleeper.start(continuation) else { return }
        schedule(after: deadline, tolerance: tolerance, options: options) { sleeper.wake() }
      }
    } onCancel: {
      sleeper.cancel()
    }
  }

  /// An async sequence of this scheduler's `now`, once every interval, until the consumer stops
  /// iterating (its task is cancelled or the loop ends), which cancels the schedule.
  ///
  /// ```swift
  /// for await _ in scheduler.timer(interval: .seconds(1)).prefix(3) { tick() }
  /// ```
  /// - Parameters:
  ///   - interval: The time between elements; the first comes one interval from now.
  ///   - tolerance: How late the scheduler may run each.
  ///   - options: How the scheduler runs them.
  /// - Returns: The moments, buffered without bound while the consumer is busy.
  public func timer(
    interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride = .zero,
    options: SchedulerOptions? = nil
  ) -> AsyncStream<SchedulerTimeType> where SchedulerTimeType: Sendable {
    AsyncStream { continuation in
      let schedule = ScheduleOfTimer(
        self.schedule(
          after: now.advanced(by: interval), interval: interval, tolerance: tolerance,
          options: options
        ) { _ = continuation.yield(self.now) })
      continuation.onTermination = { _ in schedule.cancellable.cancel() }
    }
  }

  /// How far this scheduler's clock moved while `work` ran.
  ///
  /// ```swift
  /// let elapsed = scheduler.measure { scheduler.advance(by: .seconds(2)) }  // 2 s
  /// ```
  /// - Parameter work: The work to time; it runs at once, on the calling thread.
  /// - Returns: The interval from `now` before `work` to `now` after it.
  /// - Throws: What `work` throws.
  public func measure(_ work: () throws -> Void) rethrows -> SchedulerTimeType.Stride {
    let start = now
    try work()
    return start.distance(to: now)
  }
}

/// The schedule of a `timer(interval:)`, handed to the stream's termination handler, which
/// may run on any thread.
private final class ScheduleOfTimer: @unchecked Sendable {
  // Immutable; a scheduler's cancellable may be cancelled from any thread (Combine's
  // `AnyCancellable`, which it is on Apple platforms, is not marked `Sendable`).
  let cancellable: any Cancellable
  init(_ cancellable: any Cancellable) { self.cancellable = cancellable }
}

/// The continuation of one `sleep`, resumed once: by the scheduler or by a cancellation,
/// whichever comes first.
private final class Sleeper: @unchecked Sendable {
  // `state` is guarded by its lock.
  enum State {
    case waiting
    case sleeping(CheckedContinuation<Void, any Error>)
    case cancelled
    case done
  }

  let state = Lock<State>.make(.waiting)

  /// Keeps the continuation; false, after resuming it with the error, when the task was
  /// cancelled first.
  func start(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
    let isCancelled = state.withLock { state -> Bool in
      guard case .waiting = state else { return true }
      state = .sleeping(continuation)
      return false
    }
    if isCancelled { continuation.resume(throwing: CancellationError()) }
    return !isCancelled
  }

  func wake() {
    take(next: .done)?.resume()
  }

  func cancel() {
    take(next: .cancelled)?.resume(throwing: CancellationError())
  }

  private func take(next: State) -> CheckedContinuation<Void, any Error>? {
    state.withLock { state in
      switch state {
      case .waiting:
        state = next
        return nil
      case .sleeping(let continuation):
        state = .done
        return continuation
      case .cancelled, .done:
        return nil
      }
    }
  }
}
