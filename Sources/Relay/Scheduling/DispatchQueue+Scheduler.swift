import Dispatch

#if canImport(Darwin)
  // Apple's Dispatch already gives `DispatchQueue` Combine's scheduler members with these
  // exact shapes; only the repeating form differs, by returning Relay's `Cancellable`.
  extension DispatchQueue.SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {}

  extension DispatchQueue: Scheduler {
    /// Runs a closure at `date` and then at every `interval`, until cancelled.
    ///
    /// - Returns: Stops the runs that have not started.
    public func schedule(
      after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
      tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
      _ action: @escaping () -> Void
    ) -> any Cancellable {
      repeating(
        after: date.dispatchTime, interval: interval.timeInterval,
        tolerance: tolerance.timeInterval, action)
    }
  }
#else
  /// Runs work on the queue, as Combine's `DispatchQueue` scheduler does.
  extension DispatchQueue: Scheduler {
    /// The current moment by Dispatch's clock.
    @inlinable public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

    /// No tolerance: Dispatch decides its own leeway.
    @inlinable public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// Runs a closure on the queue as soon as possible.
    ///
    /// - Parameters:
    ///   - options: Quality of service, flags and group; `nil` for the defaults.
    ///   - action: The closure.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
      let action = ScheduledAction(action)
      async(
        group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []
      ) { action.run() }
    }

    /// Runs a closure on the queue at or after a date.
    ///
    /// - Parameters:
    ///   - date: The earliest moment to run it.
    ///   - tolerance: Ignored: Dispatch decides its own leeway, as with Combine.
    ///   - options: Quality of service and flags; `nil` for the defaults.
    ///   - action: The closure.
    public func schedule(
      after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
      options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
      let action = ScheduledAction(action)
      asyncAfter(
        deadline: date.dispatchTime, qos: options?.qos ?? .unspecified,
        flags: options?.flags ?? []
      ) { action.run() }
    }

    /// Runs a closure on the queue at `date` and then at every `interval`, until cancelled.
    ///
    /// - Returns: Stops the runs that have not started.
    public func schedule(
      after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
      tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
      _ action: @escaping () -> Void
    ) -> any Cancellable {
      repeating(
        after: date.dispatchTime, interval: interval.timeInterval,
        tolerance: tolerance.timeInterval, action)
    }
  }
#endif

extension DispatchQueue {
  /// A timer source on this queue that runs `action` at `date` and every `interval`.
  fileprivate func repeating(
    after date: DispatchTime, interval: DispatchTimeInterval, tolerance: DispatchTimeInterval,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let timer = DispatchSource.makeTimerSource(queue: self)
    let action = ScheduledAction(action)
    timer.setEventHandler { action.run() }
    timer.schedule(deadline: date, repeating: interval, leeway: tolerance)
    timer.resume()
    return AnyCancellable { timer.cancel() }
  }
}

/// A scheduled closure handed to Dispatch, which wants `@Sendable` closures.
///
/// Schedulers take plain closures, as Combine's do; whoever schedules one is responsible for
/// what it touches, and Relay's operators only schedule work that is safe on any thread.
@usableFromInline
struct ScheduledAction: @unchecked Sendable {
  @usableFromInline let run: () -> Void

  @inlinable init(_ run: @escaping () -> Void) { self.run = run }
}
