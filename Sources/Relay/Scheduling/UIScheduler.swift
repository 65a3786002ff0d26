import Dispatch
#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

/// A scheduler for work that touches the user interface: it runs an action at once when
/// called on the main queue, and otherwise hands it to the main queue without waiting.
///
/// `DispatchQueue.main` always defers, so a value sent on the main queue reaches the screen one
/// turn of the run loop later; this scheduler avoids that hop. It knows the main queue by a
/// queue-specific key it sets there, not by `Thread.isMainThread`: work on another queue that
/// happens to run on the main thread still hops. Delayed and repeating work always goes to the
/// main queue. It is combine-schedulers' `UIScheduler`, spelled the same way.
///
/// ```swift
/// results.receive(on: UIScheduler.shared).sink { self.show($0) }.store(in: &subscriptions)
/// ```
///
/// Threads: an action scheduled on the main queue runs on the caller's thread before
/// `schedule` returns, for as long as it takes; from anywhere else, the caller is never kept.
public struct UIScheduler: Scheduler, Sendable {
  /// It takes no options.
  public typealias SchedulerOptions = Never
  /// A dispatch queue's moment.
  public typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType

  /// The scheduler; creating it marks the main queue with its key.
  public static let shared = UIScheduler()

  /// The main queue's clock.
  public var now: SchedulerTimeType { DispatchQueue.main.now }

  /// The main queue's smallest tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { DispatchQueue.main.minimumTolerance }

  private init() {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: mainQueueMark)
  }

  /// Runs the action at once when called on the main queue; otherwise on the main queue, as
  /// soon as possible.
  ///
  /// - Parameters:
  ///   - options: None exist.
  ///   - action: The closure.
  public func schedule(options: SchedulerOptions? = nil, _ action: @escaping () -> Void) {
    if DispatchQueue.getSpecific(key: mainQueueKey) == mainQueueMark {
      action()
    } else {
      DispatchQueue.main.schedule(options: nil, action)
    }
  }

  /// Runs the action on the main queue at or after a date.
  ///
  /// - Parameters:
  ///   - date: The earliest moment to run it.
  ///   - tolerance: How late it may run.
  ///   - options: None exist.
  ///   - action: The closure.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions? = nil, _ action: @escaping () -> Void
  ) {
    DispatchQueue.main.schedule(after: date, tolerance: tolerance, options: nil, action)
  }

  /// Runs the action on the main queue from a date, at every interval.
  ///
  /// - Parameters:
  ///   - date: The first run's earliest moment.
  ///   - interval: The time between runs.
  ///   - tolerance: How late each run may be.
  ///   - options: None exist.
  ///   - action: The closure.
  /// - Returns: Cancels the runs that have not started.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions? = nil,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    DispatchQueue.main.schedule(
      after: date, interval: interval, tolerance: tolerance, options: nil, action)
  }
}

extension UIScheduler {
  /// A scheduler with `UIScheduler`'s types that runs every action at once; its clock stands
  /// at uptime 1 ns.
  public static var immediate: ImmediateSchedulerOf<UIScheduler> {
    ImmediateScheduler(now: SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)))
  }
}

// Set on the main queue by `UIScheduler.shared`'s initializer, read on any queue.
private let mainQueueKey = DispatchSpecificKey<UInt8>()
private let mainQueueMark: UInt8 = 1
