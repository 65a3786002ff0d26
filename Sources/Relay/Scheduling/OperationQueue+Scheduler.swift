// Apple's Foundation makes `OperationQueue` a Combine scheduler, and Relay's `Scheduler` is
// Combine's there (the stand-in Combine declares it too): nothing to add. Elsewhere Relay does,
// with Combine's members.
#if !canImport(Combine)
  import Dispatch
  import Foundation

  /// Runs work as operations of the queue, as Combine's `OperationQueue` scheduler does.
  ///
  /// A delayed or repeating closure waits on a Dispatch timer, then is added to the queue as an
  /// operation: it runs where and when the queue runs its operations (after those added before
  /// it on a serial queue, at once on a concurrent one with room).
  extension OperationQueue: Scheduler {
    /// The current moment by the wall clock.
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// Zero.
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

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
      // Dispatch takes the interval as unsigned nanoseconds: a negative one would stop the
      // program inside it, with no word of why.
      precondition(
        interval > .zero,
        "OperationQueue.schedule(after:interval:): the interval \(interval.timeInterval) s is not positive"
      )
      let action = ScheduledAction(action)
      let cancelled = Lock<Bool>.make(false)
      let timer = DispatchSource.makeTimerSource(queue: .global())
      timer.setEventHandler {
        self.addOperation {
          if !cancelled.withLock({ $0 }) { action.run() }
        }
      }
      timer.schedule(
        deadline: .now() + max(0, date.date.timeIntervalSinceNow),
        repeating: interval.timeInterval,
        leeway: .nanoseconds(Int(min(max(0, tolerance.timeInterval), 3_600) * 1e9)))
      timer.resume()
      return AnyCancellable {
        cancelled.withLock { $0 = true }
        timer.cancel()
      }
    }
  }
#endif
