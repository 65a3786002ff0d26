import Dispatch
import Foundation
#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

/// A scheduler that forwards to another, hiding its type: what a view model takes as a
/// parameter so that the app passes the main queue and its tests a `TestScheduler` or
/// `DispatchQueue.immediate`.
///
/// ```swift
/// final class SearchModel {
///   init(scheduler: AnySchedulerOf<DispatchQueue> = .main) { ... }
/// }
/// ```
///
/// It is combine-schedulers' `AnyScheduler`, spelled the same way. Each call runs the wrapped
/// scheduler's member (or the closure given for it), so work runs where that scheduler runs it.
public struct AnyScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  private let minimumToleranceOfWrapped: () -> SchedulerTimeType.Stride
  private let nowOfWrapped: () -> SchedulerTimeType
  private let scheduleNow: (SchedulerOptions?, @escaping () -> Void) -> Void
  private let scheduleAfter:
    (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) ->
      Void
  private let scheduleRepeating:
    (
      SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?,
      @escaping () -> Void
    ) -> any Cancellable

  /// Creates a scheduler from closures, one per member of `Scheduler`.
  ///
  /// - Parameters:
  ///   - minimumTolerance: Returns the smallest tolerance honoured.
  ///   - now: Returns the current moment.
  ///   - scheduleImmediately: Runs an action as soon as possible.
  ///   - delayed: Runs an action at or after a date, with a tolerance.
  ///   - interval: Runs an action from a date at every interval; returns what cancels it.
  public init(
    minimumTolerance: @escaping () -> SchedulerTimeType.Stride,
    now: @escaping () -> SchedulerTimeType,
    scheduleImmediately: @escaping (SchedulerOptions?, @escaping () -> Void) -> Void,
    delayed:
      @escaping (
        SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void
      ) -> Void,
    interval:
      @escaping (
        SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride, SchedulerOptions?,
        @escaping () -> Void
      ) -> any Cancellable
  ) {
    minimumToleranceOfWrapped = minimumTolerance
    nowOfWrapped = now
    scheduleNow = scheduleImmediately
    scheduleAfter = delayed
    scheduleRepeating = interval
  }

  /// Wraps a scheduler with the same time and options types.
  ///
  /// - Parameter scheduler: The scheduler every call goes to.
  public init<S: Scheduler>(_ scheduler: S)
  where S.SchedulerTimeType == SchedulerTimeType, S.SchedulerOptions == SchedulerOptions {
    minimumToleranceOfWrapped = { scheduler.minimumTolerance }
    nowOfWrapped = { scheduler.now }
    scheduleNow = { scheduler.schedule(options: $0, $1) }
    scheduleAfter = { scheduler.schedule(after: $0, tolerance: $1, options: $2, $3) }
    scheduleRepeating = {
      scheduler.schedule(after: $0, interval: $1, tolerance: $2, options: $3, $4)
    }
  }

  /// The wrapped scheduler's smallest tolerance.
  public var minimumTolerance: SchedulerTimeType.Stride { minimumToleranceOfWrapped() }

  /// The wrapped scheduler's current moment.
  public var now: SchedulerTimeType { nowOfWrapped() }

  /// Runs an action on the wrapped scheduler as soon as possible.
  ///
  /// - Parameters:
  ///   - options: How to run it.
  ///   - action: The closure.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    scheduleNow(options, action)
  }

  /// Runs an action on the wrapped scheduler at or after a date.
  ///
  /// - Parameters:
  ///   - date: The earliest moment to run it.
  ///   - tolerance: How late it may run.
  ///   - options: How to run it.
  ///   - action: The closure.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    scheduleAfter(date, tolerance, options, action)
  }

  /// Runs an action on the wrapped scheduler from a date, at every interval.
  ///
  /// - Parameters:
  ///   - date: The first run's earliest moment.
  ///   - interval: The time between runs.
  ///   - tolerance: How late each run may be.
  ///   - options: How to run it.
  ///   - action: The closure.
  /// - Returns: Cancels the runs that have not started.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    scheduleRepeating(date, interval, tolerance, options, action)
  }
}

// `@unchecked`: every field is an immutable closure over a scheduler, and schedulers are called
// from any thread already (every time operator calls its scheduler from the thread of the event
// at hand, as in Combine).
extension AnyScheduler: @unchecked Sendable {}

/// A type-erased scheduler with another scheduler's time and options types:
/// `AnySchedulerOf<DispatchQueue>`.
public typealias AnySchedulerOf<S: Scheduler> = AnyScheduler<
  S.SchedulerTimeType, S.SchedulerOptions
>

extension Scheduler {
  /// Wraps the scheduler in an `AnyScheduler`, hiding its type.
  ///
  /// - Returns: A scheduler that forwards every call to this one.
  public func eraseToAnyScheduler() -> AnyScheduler<SchedulerTimeType, SchedulerOptions> {
    AnyScheduler(self)
  }
}

extension Scheduler {
  /// This scheduler, erased, with every action it runs handed to `wrap`, which runs it once
  /// inside whatever it sets up: what DiffValue's animation schedulers (`animation(_:)`,
  /// `transaction(_:)`, `animate(withDuration:...)`) are built on.
  ///
  /// - Parameter wrap: Runs the action it is given, once, on the thread it is called on.
  /// - Returns: A scheduler with this one's clock that runs each action through `wrap`.
  package func wrappingActions(
    _ wrap: @escaping (_ action: @escaping () -> Void) -> Void
  ) -> AnySchedulerOf<Self> {
    AnyScheduler(
      minimumTolerance: { self.minimumTolerance },
      now: { self.now },
      scheduleImmediately: { options, action in
        self.schedule(options: options) { wrap(action) }
      },
      delayed: { date, tolerance, options, action in
        self.schedule(after: date, tolerance: tolerance, options: options) { wrap(action) }
      },
      interval: { date, interval, tolerance, options, action in
        self.schedule(after: date, interval: interval, tolerance: tolerance, options: options) {
          wrap(action)
        }
      })
  }
}

extension AnyScheduler
where
  SchedulerTimeType == DispatchQueue.SchedulerTimeType,
  SchedulerOptions == DispatchQueue.SchedulerOptions
{
  /// The main dispatch queue, erased.
  public static var main: Self { DispatchQueue.main.eraseToAnyScheduler() }

  /// A global dispatch queue, erased.
  ///
  /// - Parameter qos: The queue's quality of service.
  /// - Returns: The queue, erased.
  public static func global(qos: DispatchQoS.QoSClass = .default) -> Self {
    DispatchQueue.global(qos: qos).eraseToAnyScheduler()
  }

  /// `DispatchQueue.immediate`, erased: every action runs at once and the clock never moves.
  public static var immediate: Self { DispatchQueue.immediate.eraseToAnyScheduler() }
}

extension AnyScheduler
where SchedulerTimeType == DispatchQueue.SchedulerTimeType, SchedulerOptions == Never {
  /// `UIScheduler.shared`, erased.
  public static var shared: Self { UIScheduler.shared.eraseToAnyScheduler() }

  /// `UIScheduler.immediate`, erased: every action runs at once and the clock never moves.
  public static var immediate: Self { UIScheduler.immediate.eraseToAnyScheduler() }
}

extension AnyScheduler
where
  SchedulerTimeType == RunLoop.SchedulerTimeType,
  SchedulerOptions == RunLoop.SchedulerOptions
{
  /// The main run loop, erased.
  public static var main: Self { RunLoop.main.eraseToAnyScheduler() }

  /// `RunLoop.immediate`, erased: every action runs at once and the clock never moves.
  public static var immediate: Self { RunLoop.immediate.eraseToAnyScheduler() }
}

extension AnyScheduler
where
  SchedulerTimeType == OperationQueue.SchedulerTimeType,
  SchedulerOptions == OperationQueue.SchedulerOptions
{
  /// The main operation queue, erased.
  public static var main: Self { OperationQueue.main.eraseToAnyScheduler() }

  /// `OperationQueue.immediate`, erased: every action runs at once and the clock never moves.
  public static var immediate: Self { OperationQueue.immediate.eraseToAnyScheduler() }
}
