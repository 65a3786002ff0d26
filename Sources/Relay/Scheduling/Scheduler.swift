#if canImport(Combine)
  import Combine

  /// A type that runs closures as soon as possible or after a date: on platforms with Combine,
  /// Combine's own protocol.
  ///
  /// The time operators (`debounce`, `throttle`, `delay`, `subscribe(on:)`) take any Combine
  /// scheduler there (`DispatchQueue`, `RunLoop`, `OperationQueue`, `ImmediateScheduler`, a
  /// test scheduler), and code generic over `Scheduler` means the same on every platform.
  public typealias Scheduler = Combine.Scheduler
#else
  /// A type that runs closures as soon as possible or after a date, as Combine's `Scheduler`.
  ///
  /// The time operators (`debounce`, `throttle`, `delay`, `subscribe(on:)`) are generic over it,
  /// as in Combine. `DispatchQueue` is the scheduler apps use; tests can drive the operators from
  /// a scheduler of their own whose clock they advance by hand.
  ///
  /// ```swift
  /// $query.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
  /// ```
  ///
  /// The closures are not `@Sendable`, as in Combine: a scheduler runs them where it decides, and
  /// the operators that hand it work make that work safe to run on any thread.
  public protocol Scheduler<SchedulerTimeType> {
    /// The scheduler's notion of a moment; its `Stride` is an interval.
    associatedtype SchedulerTimeType: Strideable
    where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible

    /// Options that tune how a closure runs, such as a quality of service.
    associatedtype SchedulerOptions

    /// The current moment, by this scheduler's clock.
    var now: SchedulerTimeType { get }

    /// The smallest tolerance the scheduler honours.
    var minimumTolerance: SchedulerTimeType.Stride { get }

    /// Runs a closure as soon as possible.
    ///
    /// - Parameters:
    ///   - options: How to run it; `nil` for the defaults.
    ///   - action: The closure.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

    /// Runs a closure once, at or after a date.
    ///
    /// - Parameters:
    ///   - date: The earliest moment to run it.
    ///   - tolerance: How late it may run to save work.
    ///   - options: How to run it; `nil` for the defaults.
    ///   - action: The closure.
    func schedule(
      after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
      options: SchedulerOptions?, _ action: @escaping () -> Void)

    /// Runs a closure repeatedly, first at or after a date, then at every interval.
    ///
    /// - Parameters:
    ///   - date: The earliest moment of the first run.
    ///   - interval: The time between runs.
    ///   - tolerance: How late each run may be to save work.
    ///   - options: How to run it; `nil` for the defaults.
    ///   - action: The closure.
    /// - Returns: Cancels the runs that have not started.
    func schedule(
      after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
      tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
      _ action: @escaping () -> Void
    ) -> any Cancellable
  }

  extension Scheduler {
    /// Runs a closure as soon as possible, with the default options.
    ///
    /// - Parameter action: The closure.
    @inlinable
    public func schedule(_ action: @escaping () -> Void) {
      schedule(options: nil, action)
    }

    /// Runs a closure once, at or after a date, with the minimum tolerance.
    ///
    /// - Parameters:
    ///   - date: The earliest moment to run it.
    ///   - action: The closure.
    @inlinable
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
      schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }

    /// Runs a closure once, at or after a date, with the default options.
    ///
    /// - Parameters:
    ///   - date: The earliest moment to run it.
    ///   - tolerance: How late it may run to save work.
    ///   - action: The closure.
    @inlinable
    public func schedule(
      after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
      _ action: @escaping () -> Void
    ) {
      schedule(after: date, tolerance: tolerance, options: nil, action)
    }

    /// Runs a closure repeatedly with the minimum tolerance and the default options.
    ///
    /// - Parameters:
    ///   - date: The earliest moment of the first run.
    ///   - interval: The time between runs.
    ///   - action: The closure.
    /// - Returns: Cancels the runs that have not started.
    @inlinable
    public func schedule(
      after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
      _ action: @escaping () -> Void
    ) -> any Cancellable {
      schedule(
        after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
    }

    /// Runs a closure repeatedly with the default options.
    ///
    /// - Parameters:
    ///   - date: The earliest moment of the first run.
    ///   - interval: The time between runs.
    ///   - tolerance: How late each run may be to save work.
    ///   - action: The closure.
    /// - Returns: Cancels the runs that have not started.
    @inlinable
    public func schedule(
      after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
      tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void
    ) -> any Cancellable {
      schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }
  }
#endif
