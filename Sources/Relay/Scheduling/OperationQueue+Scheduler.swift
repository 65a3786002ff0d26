// Only where Combine is absent, as for `RunLoop` (RunLoop+Scheduler.swift says why).
#if !canImport(Combine)
  import Dispatch
  import Foundation

  /// Runs work as operations of the queue, as Combine's `OperationQueue` scheduler does.
  ///
  /// A delayed or repeating closure waits on a Dispatch timer, then is added to the queue as an
  /// operation: it runs where and when the queue runs its operations (after those added before
  /// it on a serial queue, at once on a concurrent one with room).
  extension OperationQueue: Scheduler {
    /// Now, by the wall clock (as for a run loop).
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// No tolerance, as a run loop's.
    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    /// Adds the closure to the queue as an operation.
    ///
    /// - Parameters:
    ///   - options: None exist.
    ///   - action: The closure.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
      let action = ScheduledAction(action)
      addOperation { action.run() }
    }

    /// Adds the closure to the queue as an operation at or after a date.
    ///
    /// - Parameters:
    ///   - date: The earliest moment to add it.
    ///   - tolerance: How late it may be added to save work; a negative one counts as zero.
    ///   - options: None exist.
    ///   - action: The closure.
    public func schedule(
      after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
      options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
      let action = ScheduledAction(action)
      let delay = max(0, date.date.timeIntervalSinceNow)
      DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
        self.addOperation { action.run() }
      }
    }

    /// Adds the closure to the queue as an operation at `date` and then at every `interval`,
    /// until cancelled.
    ///
    /// - Parameters:
    ///   - date: The first run's earliest moment.
    ///   - interval: The time between two runs; it must be positive.
    ///   - tolerance: The leeway the timer is given; a negative one counts as zero.
    ///   - options: None exist.
    ///   - action: The closure.
    /// - Returns: Stops the runs that have not started, those already added to the queue too.
    public func schedule(
      after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
      tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
      _ action: @escaping () -> Void
    ) -> any Cancellable {
      let action = ScheduledAction(action)
      let cancelled = Lock<Bool>.make(false)
      // Dispatch's timer, which checks the interval, adds each run to the queue.
      let start = DispatchQueue.SchedulerTimeType(.now() + max(0, date.date.timeIntervalSinceNow))
      let timer = DispatchQueue.global().schedule(
        after: start, interval: .seconds(interval.timeInterval),
        tolerance: .seconds(max(0, tolerance.timeInterval)), options: nil
      ) {
        self.addOperation {
          if !cancelled.withLock({ $0 }) { action.run() }
        }
      }
      return AnyCancellable {
        cancelled.withLock { $0 = true }
        timer.cancel()
      }
    }
  }
#endif
