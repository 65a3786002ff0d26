// Apple's Foundation declares `RunLoop.SchedulerTimeType` and `OperationQueue.SchedulerTimeType`
// itself (for Combine); elsewhere Relay declares them, with the same members.
#if !canImport(Combine)
  import Foundation

  extension RunLoop {
    /// A moment by a Foundation scheduler's clock, a `Date`: `RunLoop.SchedulerTimeType` and
    /// `OperationQueue.SchedulerTimeType`, as Combine declares them.
    ///
    /// Foundation declares two structs with the same members; Relay declares one, generic over
    /// the scheduler it belongs to, so that the two stay distinct types (a run loop's moment is
    /// not an operation queue's, as on Apple platforms). Spell it through the scheduler:
    /// `RunLoop.SchedulerTimeType`.
    public struct _DateSchedulerTime<Clock>: Strideable, Codable, Hashable, Sendable {
      /// The moment.
      public var date: Date

      /// Wraps a date.
      ///
      /// - Parameter date: The moment.
      public init(_ date: Date) { self.date = date }

      /// The interval from this moment to another; negative when the other is earlier.
      ///
      /// - Parameter other: The other moment.
      /// - Returns: The interval in seconds.
      public func distance(to other: Self) -> Stride {
        Stride(other.date.timeIntervalSince(date))
      }

      /// The moment an interval later (earlier for a negative one).
      ///
      /// - Parameter n: The interval.
      /// - Returns: The moment.
      public func advanced(by n: Stride) -> Self { Self(date + n.magnitude) }

      /// An interval by a Foundation scheduler's clock, in seconds, as Combine's
      /// `RunLoop.SchedulerTimeType.Stride`.
      ///
      /// Integer and floating-point literals are seconds.
      public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
        ExpressibleByFloatLiteral, Codable, Sendable
      {
        /// Literals are seconds.
        public typealias FloatLiteralType = TimeInterval
        /// Literals are seconds.
        public typealias IntegerLiteralType = TimeInterval
        /// Seconds, as `magnitude`.
        public typealias Magnitude = TimeInterval

        /// The interval in seconds; negative for an interval backwards, as in Combine.
        public var magnitude: TimeInterval

        /// The interval in seconds.
        public var timeInterval: TimeInterval { magnitude }

        /// An interval of seconds.
        ///
        /// - Parameter timeInterval: The number of seconds.
        public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }

        /// An interval of seconds.
        public init(integerLiteral value: TimeInterval) { magnitude = value }

        /// An interval of seconds.
        public init(floatLiteral value: TimeInterval) { magnitude = value }

        /// An interval of `source` seconds, if a `TimeInterval` holds it exactly.
        public init?<T: BinaryInteger>(exactly source: T) {
          guard let seconds = TimeInterval(exactly: source) else { return nil }
          magnitude = seconds
        }

        /// An interval of whole seconds.
        public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }

        /// An interval of seconds, fractions included.
        public static func seconds(_ s: Double) -> Stride { Stride(s) }

        /// An interval of milliseconds.
        public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1e3) }

        /// An interval of microseconds.
        public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1e6) }

        /// An interval of nanoseconds.
        public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1e9) }

        /// Whether the first interval is shorter.
        public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }

        /// The sum.
        public static func + (lhs: Stride, rhs: Stride) -> Stride {
          Stride(lhs.magnitude + rhs.magnitude)
        }

        /// The difference.
        public static func - (lhs: Stride, rhs: Stride) -> Stride {
          Stride(lhs.magnitude - rhs.magnitude)
        }

        /// The product of the second counts, as Combine defines it.
        public static func * (lhs: Stride, rhs: Stride) -> Stride {
          Stride(lhs.magnitude * rhs.magnitude)
        }

        /// Adds in place.
        public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }

        /// Subtracts in place.
        public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }

        /// Multiplies in place.
        public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
      }
    }

    /// A moment by a run loop's clock, as Combine's `RunLoop.SchedulerTimeType`.
    public typealias SchedulerTimeType = _DateSchedulerTime<RunLoop>

    /// How a run loop runs a scheduled closure: it takes no options, as in Combine.
    public struct SchedulerOptions: Sendable {}
  }

  extension OperationQueue {
    /// A moment by an operation queue's clock, as Combine's
    /// `OperationQueue.SchedulerTimeType`.
    public typealias SchedulerTimeType = RunLoop._DateSchedulerTime<OperationQueue>

    /// How an operation queue runs a scheduled closure: it takes no options, as in Combine.
    public struct SchedulerOptions: Sendable {}
  }
#endif
