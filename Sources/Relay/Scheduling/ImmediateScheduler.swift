import Dispatch
import Foundation
#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

/// A scheduler that runs every action at once, on the calling thread, and whose clock never
/// moves, for tests that want a pipeline's time-based work done synchronously.
///
/// Every `schedule` runs its action before it returns, whatever date it names; a repeating
/// action runs once, and the cancellable it returns has nothing left to cancel. `now` is the
/// moment it was created with, forever. The time operators work on it: `debounce` delivers each
/// value at once, `delay` and `receive(on:)` deliver synchronously. It is
/// combine-schedulers' `ImmediateScheduler`, spelled the same way.
///
/// ```swift
/// let model = SearchModel(scheduler: DispatchQueue.immediate.eraseToAnyScheduler())
/// model.query = "swift"  // the debounced search ran before this line returned
/// ```
///
/// Work runs on the thread that schedules it, for as long as the action takes; an action that
/// schedules another runs it nested inside itself.
public struct ImmediateScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  /// Zero: the actions run at once anyway.
  public let minimumTolerance: SchedulerTimeType.Stride = .zero

  /// The moment the scheduler was created with; it never moves.
  public let now: SchedulerTimeType

  /// Creates a scheduler whose clock stands at `now`.
  ///
  /// - Parameter now: The moment `now` returns, forever.
  public init(now: SchedulerTimeType) {
    self.now = now
  }

  /// Runs the action at once.
  ///
  /// - Parameters:
  ///   - options: Ignored.
  ///   - action: The closure, run before this call returns.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    action()
  }

  /// Runs the action at once, whatever the date.
  ///
  /// - Parameters:
  ///   - date: Ignored: the clock does not move, so there is nothing to wait for.
  ///   - tolerance: Ignored.
  ///   - options: Ignored.
  ///   - action: The closure, run before this call returns.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    action()
  }

  /// Runs the action once, at once, whatever the date and interval.
  ///
  /// - Parameters:
  ///   - date: Ignored.
  ///   - interval: Ignored: the clock never reaches a second run.
  ///   - tolerance: Ignored.
  ///   - options: Ignored.
  ///   - action: The closure, run once before this call returns.
  /// - Returns: A cancellable with nothing left to cancel.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    action()
    return AnyCancellable {}
  }
}

extension ImmediateScheduler: Sendable
where SchedulerTimeType: Sendable, SchedulerTimeType.Stride: Sendable {}

/// An immediate scheduler with another scheduler's time and options types, so that it can
/// stand in for that scheduler: `ImmediateSchedulerOf<DispatchQueue>`.
public typealias ImmediateSchedulerOf<S: Scheduler> = ImmediateScheduler<
  S.SchedulerTimeType, S.SchedulerOptions
>

extension DispatchQueue {
  /// A scheduler with a dispatch queue's types that runs every action at once; its clock
  /// stands at uptime 1 ns (0 means "now" to Dispatch).
  public static var immediate: ImmediateSchedulerOf<DispatchQueue> {
    ImmediateScheduler(now: SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)))
  }
}

extension RunLoop {
  /// A scheduler with a run loop's types that runs every action at once; its clock stands at
  /// 1970-01-01, as combine-schedulers' does.
  public static var immediate: ImmediateSchedulerOf<RunLoop> {
    ImmediateScheduler(now: SchedulerTimeType(Date(timeIntervalSince1970: 0)))
  }
}

extension OperationQueue {
  /// A scheduler with an operation queue's types that runs every action at once; its clock
  /// stands at 1970-01-01, as combine-schedulers' does.
  public static var immediate: ImmediateSchedulerOf<OperationQueue> {
    ImmediateScheduler(now: SchedulerTimeType(Date(timeIntervalSince1970: 0)))
  }
}

extension ImmediateScheduler
where
  SchedulerTimeType == DispatchQueue.SchedulerTimeType,
  SchedulerOptions == DispatchQueue.SchedulerOptions
{
  /// The immediate scheduler, spelled as Combine's: `receive(on: ImmediateScheduler.shared)`.
  ///
  /// Combine's `ImmediateScheduler` is one type with a clock of its own; Relay's is
  /// combine-schedulers' generic one, and this instance keeps `DispatchQueue`'s clock, so
  /// intervals are spelled `.seconds(1)` as for a queue. It is `DispatchQueue.immediate`.
  public static var shared: Self { DispatchQueue.immediate }
}
