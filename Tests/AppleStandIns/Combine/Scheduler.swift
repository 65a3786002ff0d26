import Foundation

/// A protocol that provides a scheduler with an expression for relative time.
public protocol SchedulerTimeIntervalConvertible {
  static func seconds(_ s: Int) -> Self
  static func seconds(_ s: Double) -> Self
  static func milliseconds(_ ms: Int) -> Self
  static func microseconds(_ us: Int) -> Self
  static func nanoseconds(_ ns: Int) -> Self
}

/// A protocol that defines when and how to execute a closure.
public protocol Scheduler<SchedulerTimeType> {
  associatedtype SchedulerTimeType: Strideable
  where Self.SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
  associatedtype SchedulerOptions
  var now: Self.SchedulerTimeType { get }
  var minimumTolerance: Self.SchedulerTimeType.Stride { get }
  func schedule(options: Self.SchedulerOptions?, _ action: @escaping () -> Void)
  func schedule(
    after date: Self.SchedulerTimeType, tolerance: Self.SchedulerTimeType.Stride,
    options: Self.SchedulerOptions?, _ action: @escaping () -> Void)
  func schedule(
    after date: Self.SchedulerTimeType, interval: Self.SchedulerTimeType.Stride,
    tolerance: Self.SchedulerTimeType.Stride, options: Self.SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> Cancellable
}

extension Scheduler {
  public func schedule(after date: Self.SchedulerTimeType, _ action: @escaping () -> Void) {
    schedule(after: date, tolerance: minimumTolerance, options: nil, action)
  }

  public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }

  public func schedule(
    after date: Self.SchedulerTimeType, tolerance: Self.SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) {
    schedule(after: date, tolerance: tolerance, options: nil, action)
  }

  public func schedule(
    after date: Self.SchedulerTimeType, interval: Self.SchedulerTimeType.Stride,
    tolerance: Self.SchedulerTimeType.Stride, _ action: @escaping () -> Void
  ) -> Cancellable {
    schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
  }

  public func schedule(
    after date: Self.SchedulerTimeType, interval: Self.SchedulerTimeType.Stride,
    _ action: @escaping () -> Void
  ) -> Cancellable {
    schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
  }
}

/// A stride in whole nanoseconds: the body of the stand-in's ImmediateScheduler stride.
public protocol _NanosecondStride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable,
  SchedulerTimeIntervalConvertible
where IntegerLiteralType == Int, FloatLiteralType == Double, Magnitude == Int {
  var _nanoseconds: Int { get }
  init(_nanoseconds: Int)
}

extension _NanosecondStride {
  public init(integerLiteral value: Int) { self.init(_nanoseconds: value * 1_000_000_000) }
  public init(floatLiteral value: Double) { self.init(_nanoseconds: Int(value * 1e9)) }
  public init?<T>(exactly source: T) where T: BinaryInteger {
    guard let value = Int(exactly: source) else { return nil }
    self.init(integerLiteral: value)
  }
  public var magnitude: Int { abs(_nanoseconds) }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs._nanoseconds < rhs._nanoseconds }
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs._nanoseconds == rhs._nanoseconds }
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(_nanoseconds: lhs._nanoseconds + rhs._nanoseconds)
  }
  public static func - (lhs: Self, rhs: Self) -> Self {
    Self(_nanoseconds: lhs._nanoseconds - rhs._nanoseconds)
  }
  public static func * (lhs: Self, rhs: Self) -> Self {
    Self(_nanoseconds: lhs._nanoseconds * rhs._nanoseconds / 1_000_000_000)
  }
  public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
  public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
  public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
  public static func seconds(_ s: Int) -> Self { Self(_nanoseconds: s * 1_000_000_000) }
  public static func seconds(_ s: Double) -> Self { Self(_nanoseconds: Int(s * 1e9)) }
  public static func milliseconds(_ ms: Int) -> Self { Self(_nanoseconds: ms * 1_000_000) }
  public static func microseconds(_ us: Int) -> Self { Self(_nanoseconds: us * 1_000) }
  public static func nanoseconds(_ ns: Int) -> Self { Self(_nanoseconds: ns) }
}

/// A scheduler for performing synchronous actions.
public struct ImmediateScheduler: Scheduler {
  public struct SchedulerTimeType: Strideable {
    let nanoseconds: Int

    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(_nanoseconds: other.nanoseconds - nanoseconds)
    }

    public func advanced(by n: Stride) -> SchedulerTimeType {
      SchedulerTimeType(nanoseconds: nanoseconds + n._nanoseconds)
    }

    public struct Stride: _NanosecondStride {
      public typealias FloatLiteralType = Double
      public typealias IntegerLiteralType = Int
      public typealias Magnitude = Int
      public let _nanoseconds: Int
      public init(_nanoseconds: Int) { self._nanoseconds = _nanoseconds }
      public init(_ value: Int) { _nanoseconds = value }
    }
  }

  public typealias SchedulerOptions = Never
  public static let shared = ImmediateScheduler()
  public var now: SchedulerTimeType { SchedulerTimeType(nanoseconds: 0) }
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { action() }

  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) { action() }

  @discardableResult
  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> Cancellable {
    action()
    return AnyCancellable {}
  }
}

// Apple declares `RunLoop`'s, `OperationQueue`'s (and `DispatchQueue`'s) schedulers in
// Foundation; the stand-in declares the first two here, with Apple's shapes. Apple's two time
// types are distinct structs with the same members: the stand-in declares one generic struct,
// instantiated once for each, so that they stay distinct without being written twice. It leaves
// `DispatchQueue` alone: on Linux, Relay declares `DispatchQueue.SchedulerTimeType` itself,
// where on Apple platforms it reuses Dispatch's, so a second one here would clash where
// Apple's SDK has only one.
extension RunLoop: Scheduler {
  /// `RunLoop.SchedulerTimeType` and `OperationQueue.SchedulerTimeType`, each `Clock` its own
  /// type; spelled through the scheduler, never by this name.
  public struct _DateSchedulerTime<Clock>: Strideable, Codable, Hashable {
    public var date: Date

    public init(_ date: Date) { self.date = date }

    public func distance(to other: Self) -> Stride {
      Stride(other.date.timeIntervalSince(date))
    }

    public func advanced(by n: Stride) -> Self {
      Self(date.addingTimeInterval(n.timeInterval))
    }

    /// The interval by which run loop (and operation queue) times advance: seconds, as a
    /// `TimeInterval`, as in Apple's Foundation (its literals, its magnitude and its
    /// `timeInterval` are `TimeInterval`s), and `Sendable`.
    public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable,
      SchedulerTimeIntervalConvertible, Sendable
    {
      public typealias FloatLiteralType = TimeInterval
      public typealias IntegerLiteralType = TimeInterval
      public typealias Magnitude = TimeInterval

      /// The value of this time interval in seconds.
      public var magnitude: TimeInterval
      /// The value of this time interval in seconds.
      public var timeInterval: TimeInterval { magnitude }

      public init(integerLiteral value: TimeInterval) { magnitude = value }
      public init(floatLiteral value: TimeInterval) { magnitude = value }
      public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
      public init?<T>(exactly source: T) where T: BinaryInteger {
        guard let value = TimeInterval(exactly: source) else { return nil }
        magnitude = value
      }

      public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.timeInterval * rhs.timeInterval)
      }
      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude + rhs.magnitude)
      }
      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.magnitude - rhs.magnitude)
      }
      public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
      public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
      public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }

      public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
      public static func seconds(_ s: Double) -> Stride { Stride(s) }
      public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1e3) }
      public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1e6) }
      public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1e9) }
    }
  }

  /// The scheduler time type used by the run loop.
  public typealias SchedulerTimeType = _DateSchedulerTime<RunLoop>

  public struct SchedulerOptions {}

  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    perform(UncheckedAction(action))
  }

  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) { perform(UncheckedAction(action)) }

  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> Cancellable {
    perform(UncheckedAction(action))
    return AnyCancellable {}
  }
}

/// Apple's `OperationQueue` scheduler, with its own time type (the generic above, for this
/// clock); the stand-in runs every action as an operation of the queue, at once.
extension OperationQueue: Scheduler {
  /// The scheduler time type used by the operation queue.
  public typealias SchedulerTimeType = RunLoop._DateSchedulerTime<OperationQueue>

  public struct SchedulerOptions {}

  public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let action = UncheckedAction(action)
    addOperation { action.run() }
  }

  public func schedule(
    after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?, _ action: @escaping () -> Void
  ) { schedule(options: options, action) }

  public func schedule(
    after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> Cancellable {
    schedule(options: options, action)
    return AnyCancellable {}
  }
}

extension RunLoop {
  /// Runs a closure on this run loop; the closure is the caller's, as in Apple's RunLoop.
  fileprivate func perform(_ action: UncheckedAction) { perform { action.run() } }
}

/// A closure carried to the run loop's thread, as Apple's scheduler carries it.
private struct UncheckedAction: @unchecked Sendable {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}
