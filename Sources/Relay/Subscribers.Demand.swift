extension Subscribers {
  /// How many values a subscriber asks for: a number, or unlimited.
  ///
  /// Arithmetic saturates: anything plus `.unlimited` is `.unlimited`, and subtracting more
  /// than a finite demand holds leaves `.none`.
  ///
  /// ```swift
  /// var demand = Subscribers.Demand.max(2)
  /// demand += 1        // .max(3)
  /// demand -= 5        // .none
  /// ```
  @frozen
  public struct Demand: Hashable, Comparable, Sendable, CustomStringConvertible {
    @usableFromInline let rawValue: UInt

    @inlinable init(rawValue: UInt) { self.rawValue = rawValue }

    /// As many values as the publisher can send.
    @inlinable public static var unlimited: Demand { Demand(rawValue: .max) }

    /// No values; a subscriber may return it from `receive(_:)` but may not request it.
    @inlinable public static var none: Demand { Demand(rawValue: 0) }

    /// A finite demand of `value` values.
    ///
    /// - Parameter value: The number of values, zero or more.
    /// - Returns: The demand.
    @inlinable
    public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "Subscribers.Demand.max(\(value)): demand cannot be negative")
      return Demand(rawValue: UInt(value))
    }

    /// The finite number of values, or `nil` for `.unlimited`.
    @inlinable
    public var max: Int? { rawValue == .max ? nil : Int(rawValue) }

    /// `unlimited` or `max(N)`, as Combine writes it.
    public var description: String { rawValue == .max ? "unlimited" : "max(\(rawValue))" }

    /// The sum, saturating at `.unlimited`.
    @inlinable
    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      if lhs == .unlimited || rhs == .unlimited { return .unlimited }
      let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
      return overflow || sum == .max ? .unlimited : Demand(rawValue: sum)
    }

    /// The sum of a demand and a count, saturating at `.unlimited`.
    @inlinable
    public static func + (lhs: Demand, rhs: Int) -> Demand {
      rhs >= 0 ? lhs + .max(rhs) : lhs - .max(-rhs)
    }

    /// The difference, clamped at `.none`; `.unlimited` minus a finite demand stays `.unlimited`.
    @inlinable
    public static func - (lhs: Demand, rhs: Demand) -> Demand {
      if lhs == .unlimited { return rhs == .unlimited ? .none : .unlimited }
      if rhs == .unlimited { return .none }
      return lhs.rawValue > rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
    }

    /// The difference of a demand and a count, clamped at `.none`.
    @inlinable
    public static func - (lhs: Demand, rhs: Int) -> Demand {
      rhs >= 0 ? lhs - .max(rhs) : lhs + .max(-rhs)
    }

    /// Adds a demand in place.
    @inlinable
    public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

    /// Adds a count in place.
    @inlinable
    public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

    /// Subtracts a demand in place.
    @inlinable
    public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

    /// Subtracts a count in place.
    @inlinable
    public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

    /// Whether the first demand asks for fewer values; `.unlimited` is the largest.
    @inlinable
    public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether a demand equals a count.
    @inlinable
    public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }

    /// Whether a demand asks for more values than a count.
    @inlinable
    public static func > (lhs: Demand, rhs: Int) -> Bool {
      rhs < 0 || lhs.rawValue > UInt(rhs)
    }

    /// Whether a demand asks for fewer values than a count.
    @inlinable
    public static func < (lhs: Demand, rhs: Int) -> Bool {
      rhs > 0 && lhs.rawValue < UInt(rhs)
    }
  }
}
