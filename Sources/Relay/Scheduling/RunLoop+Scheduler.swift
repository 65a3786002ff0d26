// Apple's Foundation makes `RunLoop` a Combine scheduler, and Relay's `Scheduler` is Combine's
// there (the stand-in Combine declares it too): nothing to add. Elsewhere Relay does, with
// Combine's members.
#if !canImport(Combine)
  import Foundation

  /// Runs work on the run loop, in its default mode, as Combine's `RunLoop` scheduler does.
  ///
  /// The run loop must be running (`RunLoop.current.run(...)` on its thread) for anything to
  /// run, and a run loop in another mode (a tracking mode while a user scrolls) runs nothing
  /// scheduled until it is back in the default one, as with Combine.
  extension RunLoop: Scheduler {
    /// The current moment by the wall clock.
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// Zero.
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// Runs a closure on the run loop as soon as possible, after the closures scheduled before
    /// it.
    ///
    /// - Parameters:
    ///   - options: None exist.
    ///   - action: The closure.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
      let action = ScheduledAction(action)
      perform(inModes: [.default]) { action.run() }
      // A queued block does not wake a sleeping run loop; a timer that is due does.
      add(Timer(fire: Date(), interval: 0, repeats: false) { _ in }, forMode: .default)
    }

    /// Runs a closure on the run loop at or after a date.
    ///
    /// - Parameters:
    ///   - date: The earliest moment to run it.
    ///   - tolerance: How late it may run to save work; a negative one counts as zero.
    ///   - options: None exist.
    ///   - action: The closure.
    public func schedule(
      after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
      options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
      let action = ScheduledAction(action)
      let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in action.run() }
      timer.tolerance = max(0, tolerance.timeInterval)
      add(timer, forMode: .default)
    }

    /// Runs a closure on the run loop at `date` and then at every `interval`, until cancelled.
    ///
    /// - Parameters:
    ///   - date: The first run's earliest moment.
    ///   - interval: The time between two runs; Foundation's timers take 0.1 ms for one that is
    ///     not positive.
    ///   - tolerance: How late each run may be to save work; a negative one counts as zero.
    ///   - options: None exist.
    ///   - action: The closure.
    /// - Returns: Stops the runs that have not started.
    public func schedule(
      after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
      tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
      _ action: @escaping () -> Void
    ) -> any Cancellable {
      let action = ScheduledAction(action)
      let timer = Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in
        action.run()
      }
      timer.tolerance = max(0, tolerance.timeInterval)
      add(timer, forMode: .default)
      return AnyCancellable { timer.invalidate() }
    }
  }
#endif
