// Apple's Dispatch declares these types itself (for Combine), and `DispatchQueue+Scheduler`
// conforms them to Relay's protocols there; elsewhere Relay declares them, with the same shape.
#if !canImport(Darwin)
  import Dispatch

  extension DispatchQueue {
    /// A moment by a dispatch queue's clock, as Combine's `DispatchQueue.SchedulerTimeType`.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
      /// The moment, as Dispatch writes it.
      public var dispatchTime: DispatchTime

      /// Wraps a dispatch time.
      ///
      /// - Parameter time: The moment.
      @inlinable public init(_ time: DispatchTime) { dispatchTime = time }

      /// Decodes the moment from its uptime in nanoseconds.
      public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        dispatchTime = DispatchTime(uptimeNanoseconds: try container.decode(UInt64.self))
      }

      /// Encodes the moment as its uptime in nanoseconds.
      public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(dispatchTime.uptimeNanoseconds)
      }

      /// The interval from this moment to another; negative when the other is earlier.
      ///
      /// - Parameter other: The other moment.
      /// - Returns: The interval.
      public func distance(to other: SchedulerTimeType) -> Stride {
        let start = dispatchTime.uptimeNanoseconds
        let end = other.dispatchTime.uptimeNanoseconds
        return end >= start
          ? Stride(nanoseconds: Int(clamping: end - start))
          : Stride(nanoseconds: -Int(clamping: start - end))
      }

      /// The moment an interval later; an interval that reaches before the clock's start
      /// gives the start, and one past Dispatch's latest uptime (2^62 - 1 nanoseconds, about
      /// 146 years) gives `DispatchTime.distantFuture`, which never comes.
      ///
      /// `distantFuture` stays itself whatever the interval.
      ///
      /// - Parameter n: The interval, negative for an earlier moment.
      /// - Returns: The moment.
      @inlinable
      public func advanced(by n: Stride) -> SchedulerTimeType {
        let start = dispatchTime.uptimeNanoseconds
        // Above the latest uptime, Dispatch reads the top bits as another clock's flags (a
        // time with bit 63 set is due at once): such a moment is never.
        let latest: UInt64 = (1 << 62) - 1
        guard start <= latest else { return SchedulerTimeType(.distantFuture) }
        if n.magnitude >= 0 {
          let (end, overflow) = start.addingReportingOverflow(UInt64(n.magnitude))
          if overflow || end > latest { return SchedulerTimeType(.distantFuture) }
          return SchedulerTimeType(DispatchTime(uptimeNanoseconds: max(1, end)))
        }
        // Uptime 0 means "now" to Dispatch: the earliest moment is 1.
        let end = start - min(start, UInt64(n.magnitude.magnitude))
        return SchedulerTimeType(DispatchTime(uptimeNanoseconds: max(1, end)))
      }

      /// Whether two moments are the same.
      @inlinable
      public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
        lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
      }

      /// Whether the first moment is earlier.
      @inlinable
      public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
        lhs.dispatchTime.uptimeNanoseconds < rhs.dispatchTime.uptimeNanoseconds
      }

      /// Hashes the moment's uptime.
      public func hash(into hasher: inout Hasher) {
        hasher.combine(dispatchTime.uptimeNanoseconds)
      }

      /// An interval by a dispatch queue's clock, in nanoseconds, as Combine's
      /// `DispatchQueue.SchedulerTimeType.Stride`.
      ///
      /// Integer and floating-point literals are seconds, as in Combine.
      public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
        ExpressibleByFloatLiteral, Hashable, Codable, Sendable
      {
        /// Literals are seconds.
        public typealias FloatLiteralType = Double
        /// Literals are seconds.
        public typealias IntegerLiteralType = Int
        /// Nanoseconds, as `magnitude`.
        public typealias Magnitude = Int

        /// The interval in nanoseconds; negative for an interval backwards, as in Combine.
        public var magnitude: Int

        /// The interval as Dispatch writes it.
        public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

        @inlinable init(nanoseconds: Int) { magnitude = nanoseconds }

        /// Converts a Dispatch interval; `.never` is the longest interval.
        ///
        /// - Parameter timeInterval: The interval.
        public init(_ timeInterval: DispatchTimeInterval) {
          switch timeInterval {
          case .seconds(let s): magnitude = s.multipliedClamping(by: 1_000_000_000)
          case .milliseconds(let ms): magnitude = ms.multipliedClamping(by: 1_000_000)
          case .microseconds(let us): magnitude = us.multipliedClamping(by: 1_000)
          case .nanoseconds(let ns): magnitude = ns
          case .never: magnitude = .max
          @unknown default: magnitude = .max
          }
        }

        /// An interval of seconds, fractions included.
        ///
        /// - Parameter timeInterval: The number of seconds.
        public init(_ timeInterval: Double) {
          magnitude = Int(clampingSeconds: timeInterval)
        }

        /// An interval of seconds, fractions included.
        public init(floatLiteral value: Double) { self.init(value) }

        /// An interval of whole seconds.
        public init(integerLiteral value: Int) {
          magnitude = value.multipliedClamping(by: 1_000_000_000)
        }

        /// An interval of `source` nanoseconds, if it fits.
        public init?<T: BinaryInteger>(exactly source: T) {
          guard let nanoseconds = Int(exactly: source) else { return nil }
          magnitude = nanoseconds
        }

        /// An interval of whole seconds.
        public static func seconds(_ s: Int) -> Stride {
          Stride(nanoseconds: s.multipliedClamping(by: 1_000_000_000))
        }

        /// An interval of seconds, fractions included.
        public static func seconds(_ s: Double) -> Stride { Stride(s) }

        /// An interval of milliseconds.
        public static func milliseconds(_ ms: Int) -> Stride {
          Stride(nanoseconds: ms.multipliedClamping(by: 1_000_000))
        }

        /// An interval of microseconds.
        public static func microseconds(_ us: Int) -> Stride {
          Stride(nanoseconds: us.multipliedClamping(by: 1_000))
        }

        /// An interval of nanoseconds.
        @inlinable
        public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }

        /// Whether the first interval is shorter.
        public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }

        /// The sum.
        public static func + (lhs: Stride, rhs: Stride) -> Stride {
          Stride(nanoseconds: lhs.magnitude + rhs.magnitude)
        }

        /// The difference.
        public static func - (lhs: Stride, rhs: Stride) -> Stride {
          Stride(nanoseconds: lhs.magnitude - rhs.magnitude)
        }

        /// The product of the nanosecond counts, as Combine defines it.
        public static func * (lhs: Stride, rhs: Stride) -> Stride {
          Stride(nanoseconds: lhs.magnitude * rhs.magnitude)
        }

        /// Adds in place.
        public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }

        /// Subtracts in place.
        public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }

        /// Multiplies in place.
        public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
      }
    }
  }

  extension Int {
    /// The product, saturating at the bounds instead of trapping.
    fileprivate func multipliedClamping(by factor: Int) -> Int {
      let (product, overflow) = multipliedReportingOverflow(by: factor)
      guard overflow else { return product }
      return (self < 0) == (factor < 0) ? .max : .min
    }

    /// Nanoseconds in `seconds`, saturating at the bounds; NaN is zero.
    fileprivate init(clampingSeconds seconds: Double) {
      let nanoseconds = (seconds * 1_000_000_000).rounded()
      if nanoseconds.isNaN {
        self = 0
      } else if nanoseconds >= Double(Int.max) {
        self = .max
      } else if nanoseconds <= Double(Int.min) {
        self = .min
      } else {
        self = Int(nanoseconds)
      }
    }
  }
#endif
