extension Subscribers {
  /// How many values a subscriber asks for: a number, or unlimited.
  ///
  /// The arithmetic is Combine's. Anything added to or subtracted from `.unlimited` stays
  /// `.unlimited`; subtracting `.unlimited` from a finite demand leaves `.none`. A finite
  /// result never goes below `.none` and never above `Int.max`: a sum or product that passes
  /// `Int.max` is `.unlimited`, so `.max(Int.max) + 1 == .unlimited`.
  ///
  /// ```swift
  /// var demand = Subscribers.Demand.max(2)
  /// demand += 1        // .max(3)
  /// demand -= 5        // .none
  /// demand *= 4        // .none
  /// ```
  ///
  /// One edge follows Combine rather than arithmetic: subtracting a negative count whose
  /// result would pass `Int.max` (`.max(Int.max) - (-1)`) gives `.none`, as Combine does.
  @frozen
  public struct Demand: Hashable, Comparable, Sendable, CustomStringConvertible {
    // 0...Int.max for a finite demand; `Int.max + 1` for `.unlimited`, as in Combine, so that
    // every finite value fits an `Int` and the order of raw values is the order of demands.
    @usableFromInline let rawValue: UInt

    @inlinable init(rawValue: UInt) { self.rawValue = rawValue }

    @inlinable static var unlimitedRawValue: UInt { UInt(Int.max) + 1 }

    /// As many values as the publisher can send.
    @inlinable public static var unlimited: Demand { Demand(rawValue: unlimitedRawValue) }

    /// No values; a subscriber may return it from `receive(_:)` but may not request it.
    @inlinable public static var none: Demand { Demand(rawValue: 0) }

    /// A finite demand of `value` values.
    ///
    /// - Parameter value: The number of values, zero or more; a negative number stops the
    ///   program.
    /// - Returns: The demand.
    @inlinable
    public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "Subscribers.Demand.max(\(value)): demand cannot be negative")
      return Demand(rawValue: UInt(value))
    }

    /// A finite result of integer arithmetic: `.none` below zero.
    @inlinable
    static func clamped(_ value: Int) -> Demand { Demand(rawValue: UInt(Swift.max(value, 0))) }

    /// The finite number of values, or `nil` for `.unlimited`.
    @inlinable
    public var max: Int? { rawValue == Demand.unlimitedRawValue ? nil : Int(rawValue) }

    /// `unlimited` or `max(N)`, as Combine writes it.
    public var description: String {
      rawValue == Demand.unlimitedRawValue ? "unlimited" : "max(\(rawValue))"
    }

    /// The sum; `.unlimited` when either is, or when it passes `Int.max`.
    @inlinable
    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      let (sum, overflow) = lhs.rawValue.addingReportingOverflow(rhs.rawValue)
      return overflow || sum > UInt(Int.max) ? .unlimited : Demand(rawValue: sum)
    }

    /// The sum of a demand and a count; `.unlimited` stays `.unlimited`, a sum past `Int.max`
    /// is `.unlimited`, and a sum below zero is `.none`.
    @inlinable
    public static func + (lhs: Demand, rhs: Int) -> Demand {
      guard let count = lhs.max else { return .unlimited }
      let (sum, overflow) = count.addingReportingOverflow(rhs)
      // `count` is not negative: only a positive `rhs` can overflow.
      return overflow ? .unlimited : .clamped(sum)
    }

    /// The product of a demand and a count; `.unlimited` stays `.unlimited`, a product that
    /// overflows is `.unlimited`, and a negative product is `.none`.
    @inlinable
    public static func * (lhs: Demand, rhs: Int) -> Demand {
      guard let count = lhs.max else { return .unlimited }
      let (product, overflow) = count.multipliedReportingOverflow(by: rhs)
      // `count` is not negative: a product that overflows below zero has a negative `rhs`.
      guard overflow else { return .clamped(product) }
      return rhs < 0 ? .none : .unlimited
    }

    /// The difference, never below `.none`: `.unlimited` minus anything, `.unlimited`
    /// included, is `.unlimited`; a finite demand minus `.unlimited` is `.none`.
    @inlinable
    public static func - (lhs: Demand, rhs: Demand) -> Demand {
      if lhs.rawValue == Demand.unlimitedRawValue { return .unlimited }
      return lhs.rawValue > rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
    }

    /// The difference of a demand and a count, never below `.none`.
    ///
    /// `.unlimited` stays `.unlimited`. A negative count adds; a result that would pass
    /// `Int.max` is `.none`, as in Combine.
    @inlinable
    public static func - (lhs: Demand, rhs: Int) -> Demand {
      guard let count = lhs.max else { return .unlimited }
      let (difference, overflow) = count.subtractingReportingOverflow(rhs)
      return overflow ? .none : .clamped(difference)
    }

    /// Adds a demand in place.
    @inlinable
    public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

    /// Adds a count in place.
    @inlinable
    public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

    /// Multiplies by a count in place.
    @inlinable
    public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

    /// Subtracts a demand in place.
    @inlinable
    public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

    /// Subtracts a count in place.
    @inlinable
    public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

    /// Whether the first demand asks for fewer values; `.unlimited` is the largest.
    @inlinable
    public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether a demand is the finite count; `.unlimited` equals no count.
    @inlinable
    public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }

    /// Whether a demand is not the finite count.
    @inlinable
    public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.max != rhs }

    /// Whether a count is the finite demand.
    @inlinable
    public static func == (lhs: Int, rhs: Demand) -> Bool { rhs.max == lhs }

    /// Whether a count is not the finite demand.
    @inlinable
    public static func != (lhs: Int, rhs: Demand) -> Bool { rhs.max != lhs }

    /// Whether a demand asks for more values than a count; `.unlimited` always does.
    @inlinable
    public static func > (lhs: Demand, rhs: Int) -> Bool {
      guard let count = lhs.max else { return true }
      return count > rhs
    }

    /// Whether a demand asks for at least a count; `.unlimited` always does.
    @inlinable
    public static func >= (lhs: Demand, rhs: Int) -> Bool {
      guard let count = lhs.max else { return true }
      return count >= rhs
    }

    /// Whether a demand asks for fewer values than a count; `.unlimited` never does.
    @inlinable
    public static func < (lhs: Demand, rhs: Int) -> Bool {
      guard let count = lhs.max else { return false }
      return count < rhs
    }

    /// Whether a demand asks for at most a count; `.unlimited` never does.
    @inlinable
    public static func <= (lhs: Demand, rhs: Int) -> Bool {
      guard let count = lhs.max else { return false }
      return count <= rhs
    }

    /// Whether a count is larger than a demand; never larger than `.unlimited`.
    @inlinable
    public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }

    /// Whether a count is at least a demand; never as large as `.unlimited`.
    @inlinable
    public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }

    /// Whether a count is smaller than a demand; always smaller than `.unlimited`.
    @inlinable
    public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }

    /// Whether a count is at most a demand; always at most `.unlimited`.
    @inlinable
    public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
  }
}

extension Subscribers.Demand: Codable {
  /// Reads a demand written by `encode(to:)`: one unsigned number, `Int.max + 1` (or more)
  /// for `.unlimited`, as Combine writes it.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: When the value is not an unsigned integer.
  public init(from decoder: any Decoder) throws {
    let raw = try decoder.singleValueContainer().decode(UInt.self)
    self.init(rawValue: Swift.min(raw, Subscribers.Demand.unlimitedRawValue))
  }

  /// Writes the demand as one unsigned number, `Int.max + 1` for `.unlimited`, as Combine does.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
