import Dispatch

#if canImport(Darwin) && canImport(Combine)
  // Apple's Dispatch makes `DispatchQueue` a Combine scheduler, and Relay's `Scheduler` is
  // Combine's there: nothing to add.
#elseif canImport(Darwin)
  // Apple's Dispatch gives `DispatchQueue` Combine's scheduler members with these exact shapes.
  extension DispatchQueue.SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {}

  extension DispatchQueue: Scheduler {}
#else
  #if canImport(Combine)
    // Where Combine exists without Darwin (the stand-in Combine on Linux), `Scheduler` is
    // Combine's and Dispatch does not conform to it: Relay does, retroactively.
    // swift-format-ignore: AvoidRetroactiveConformances
    extension DispatchQueue: @retroactive Scheduler {}
  #else
    extension DispatchQueue: Scheduler {}
  #endif

  /// Runs work on the queue, as Combine's `DispatchQueue` scheduler does.
  extension DispatchQueue {
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
  }
#endif

#if !canImport(Darwin) || !canImport(Combine)
  extension DispatchQueue {
    /// Runs a closure on the queue at `date` and then at every `interval`, until cancelled.
    ///
    /// Declared where Dispatch lacks Combine's form of this member, whose `Cancellable` is
    /// Relay's where Combine can be imported.
    /// - Parameters:
    ///   - date: The first run's moment.
    ///   - interval: The time between two runs; it must be positive.
    ///   - tolerance: The leeway the timer is given; a negative one counts as zero.
    ///   - options: Ignored: a timer source takes no quality of service.
    ///   - action: The closure.
    /// - Returns: Stops the runs that have not started.
    public func schedule(
      after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
      tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
      _ action: @escaping () -> Void
    ) -> any Cancellable {
      // Dispatch takes the interval and the leeway as unsigned nanoseconds: a negative one
      // would stop the program inside it, with no word of why.
      precondition(
        interval > .zero,
        "DispatchQueue.schedule(after:interval:): the interval \(interval.magnitude) ns is not positive"
      )
      let timer = DispatchSource.makeTimerSource(queue: self)
      let action = ScheduledAction(action)
      timer.setEventHandler { action.run() }
      timer.schedule(
        deadline: date.dispatchTime, repeating: interval.timeInterval,
        leeway: max(tolerance, .zero).timeInterval)
      timer.resume()
      return AnyCancellable { timer.cancel() }
    }
  }
#endif

/// A scheduled closure handed to Dispatch, which wants `@Sendable` closures.
///
/// Schedulers take plain closures, as Combine's do; whoever schedules one is responsible for
/// what it touches, and Relay's operators only schedule work that is safe on any thread.
@usableFromInline
struct ScheduledAction: @unchecked Sendable {
  @usableFromInline let run: () -> Void

  @inlinable init(_ run: @escaping () -> Void) { self.run = run }
}
