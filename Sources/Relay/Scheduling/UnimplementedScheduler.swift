import Dispatch
import Foundation

#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

/// A scheduler that reports every use of it and runs nothing, for tests of code that must not
/// schedule work.
///
/// Reading `now` or `minimumTolerance`, or scheduling an action, is recorded in `uses` (each
/// named, after the scheduler's prefix) and printed; the action never runs
/// and a repeating one returns a cancellable with nothing to cancel. A test hands the code under
/// test this scheduler and expects `uses` to stay empty. It is combine-schedulers'
/// `UnimplementedScheduler`, spelled the same way; where that one fails the running XCTest,
/// this one records, since Relay depends on no test framework.
///
/// ```swift
/// let scheduler = DispatchQueue.unimplemented("cache")
/// let cache = Cache(scheduler: scheduler.eraseToAnyScheduler())
/// cache.readFromMemory()
/// #expect(scheduler.uses.isEmpty)
/// ```
public struct UnimplementedScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
  /// Shared by the copies of a scheduler; its lock guards `uses`.
  private final class Log: @unchecked Sendable {
    let uses = Lock<[String]>.make([])
  }

  /// What the reports begin with, to tell schedulers apart.
  public let prefix: String
  private let clock: SchedulerTimeType
  private let log = Log()

  /// Creates a scheduler whose clock, when read anyway, stands at `now`.
  ///
  /// - Parameters:
  ///   - prefix: What its reports begin with.
  ///   - now: What `now` returns, after the read was reported.
  public init(_ prefix: String = "", now: SchedulerTimeType) {
    self.prefix = prefix
    clock = now
  }

  /// Every use reported so far, oldest first, each prefixed as it was reported.
  public var uses: [String] { log.uses.withLock { $0 } }

  /// Reported; the moment the scheduler was created with.
  public var now: SchedulerTimeType {
    report("now")
    return clock
  }

  /// Reported; zero.
  public var minimumTolerance: SchedulerTimeType.Stride {
    report("minimumTolerance")
    return .zero
  }

  /// Reported; the action never runs.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    report("schedule(options:_:)")
  }

  /// Reported; the action never runs.
  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) {
    report("schedule(after:tolerance:options:_:)")
  }

  /// Reported; the action never runs.
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    report("schedule(after:interval:tolerance:options:_:)")
    return AnyCancellable {}
  }

  private func report(_ use: String) {
    let line =
      "\(prefix.isEmpty ? "" : "\(prefix) - ")An unimplemented scheduler's \(use) was used."
    log.uses.withLock { $0.append(line) }
    Swift.print("UnimplementedScheduler: \(line)")
  }
}

extension UnimplementedScheduler: Sendable
where SchedulerTimeType: Sendable, SchedulerTimeType.Stride: Sendable {}

/// An unimplemented scheduler with the types of scheduler `S`.
public typealias UnimplementedSchedulerOf<S: Scheduler> = UnimplementedScheduler<
  S.SchedulerTimeType, S.SchedulerOptions
>

extension DispatchQueue {
  /// An unimplemented scheduler with a queue's types: it reports every use and runs nothing.
  public static var unimplemented: UnimplementedSchedulerOf<DispatchQueue> { unimplemented("") }

  /// An unimplemented scheduler with a queue's types, whose reports begin with `prefix`.
  ///
  /// - Parameter prefix: What its reports begin with.
  /// - Returns: The scheduler; its clock stands at uptime 1 ns.
  public static func unimplemented(_ prefix: String) -> UnimplementedSchedulerOf<DispatchQueue> {
    UnimplementedScheduler(prefix, now: SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)))
  }
}

extension AnyScheduler
where
  SchedulerTimeType == DispatchQueue.SchedulerTimeType,
  SchedulerOptions == DispatchQueue.SchedulerOptions
{
  /// `DispatchQueue.unimplemented`, erased.
  public static var unimplemented: Self { DispatchQueue.unimplemented.eraseToAnyScheduler() }

  /// `DispatchQueue.unimplemented(prefix)`, erased.
  ///
  /// - Parameter prefix: What its reports begin with.
  /// - Returns: The scheduler, erased.
  public static func unimplemented(_ prefix: String) -> Self {
    DispatchQueue.unimplemented(prefix).eraseToAnyScheduler()
  }
}

extension RunLoop {
  /// An unimplemented scheduler with a run loop's types: it reports every use and runs nothing.
  public static var unimplemented: UnimplementedSchedulerOf<RunLoop> { unimplemented("") }

  /// An unimplemented scheduler with a run loop's types, whose reports begin with `prefix`.
  ///
  /// - Parameter prefix: What its reports begin with.
  /// - Returns: The scheduler; its clock stands at 1970-01-01.
  public static func unimplemented(_ prefix: String) -> UnimplementedSchedulerOf<RunLoop> {
    UnimplementedScheduler(prefix, now: SchedulerTimeType(Date(timeIntervalSince1970: 0)))
  }
}

extension AnyScheduler
where
  SchedulerTimeType == RunLoop.SchedulerTimeType,
  SchedulerOptions == RunLoop.SchedulerOptions
{
  /// `RunLoop.unimplemented`, erased.
  public static var unimplemented: Self { RunLoop.unimplemented.eraseToAnyScheduler() }

  /// `RunLoop.unimplemented(prefix)`, erased.
  ///
  /// - Parameter prefix: What its reports begin with.
  /// - Returns: The scheduler, erased.
  public static func unimplemented(_ prefix: String) -> Self {
    RunLoop.unimplemented(prefix).eraseToAnyScheduler()
  }
}

extension OperationQueue {
  /// An unimplemented scheduler with an operation queue's types: it reports every use and runs nothing.
  public static var unimplemented: UnimplementedSchedulerOf<OperationQueue> { unimplemented("") }

  /// An unimplemented scheduler with an operation queue's types, whose reports begin with `prefix`.
  ///
  /// - Parameter prefix: What its reports begin with.
  /// - Returns: The scheduler; its clock stands at 1970-01-01.
  public static func unimplemented(_ prefix: String) -> UnimplementedSchedulerOf<OperationQueue> {
    UnimplementedScheduler(prefix, now: SchedulerTimeType(Date(timeIntervalSince1970: 0)))
  }
}

extension AnyScheduler
where
  SchedulerTimeType == OperationQueue.SchedulerTimeType,
  SchedulerOptions == OperationQueue.SchedulerOptions
{
  /// `OperationQueue.unimplemented`, erased.
  public static var unimplemented: Self { OperationQueue.unimplemented.eraseToAnyScheduler() }

  /// `OperationQueue.unimplemented(prefix)`, erased.
  ///
  /// - Parameter prefix: What its reports begin with.
  /// - Returns: The scheduler, erased.
  public static func unimplemented(_ prefix: String) -> Self {
    OperationQueue.unimplemented(prefix).eraseToAnyScheduler()
  }
}
