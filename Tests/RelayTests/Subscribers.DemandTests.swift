import Foundation
import Relay
import Testing

/// OpenCombine's `SubscribersDemandTests`, whose outcomes are Combine's, plus the edges that
/// issue 8 found: a sum past `Int.max` is `.unlimited`, and `.unlimited + Int.min` is fine.
@Suite struct SubscribersDemandTests {
  typealias Demand = Subscribers.Demand

  @Test func negativeMaxStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = Subscribers.Demand.max(-1)
    }
  }

  @Test func addition() {
    #expect(Demand.max(42) + .unlimited == .unlimited)
    #expect(Demand.unlimited + .unlimited == .unlimited)
    #expect(Demand.unlimited + .max(42) == .unlimited)
    #expect(Demand.max(100) + .max(42) == .max(142))
    #expect(Demand.max(81) + 42 == .max(123))
    #expect(Demand.unlimited + 42 == .unlimited)

    var demand = Demand.none
    demand += .max(1)
    #expect(demand == .max(1))
    demand += 21
    #expect(demand == .max(22))
    demand += .unlimited
    #expect(demand == .unlimited)
    demand += Int.min
    #expect(demand == .unlimited)
    demand = .max(Int.max)
    #expect(demand + 10 == .unlimited)
    demand += 10
    #expect(demand == .unlimited)
  }

  /// A sum past `Int.max` is unlimited, and reading its `.max` does not trap.
  @Test func aSumPastIntMaxIsUnlimited() {
    let sum = Demand.max(Int.max) + 1
    #expect(sum == .unlimited)
    #expect(sum.max == nil)
    #expect(sum.description == "unlimited")
    #expect(Demand.max(Int.max) + .max(1) == .unlimited)
    #expect(Demand.max(Int.max) + .max(Int.max) == .unlimited)
    #expect(Demand.max(Int.max - 1) + 1 == .max(Int.max))
    #expect((Demand.max(Int.max) + .max(0)).max == Int.max)
  }

  /// Adding or subtracting `Int.min` does not trap (negating it would).
  @Test func addingTheMostNegativeCountDoesNotTrap() {
    #expect(Demand.unlimited + Int.min == .unlimited)
    #expect(Demand.max(5) + Int.min == .none)
    #expect(Demand.max(5) - Int.min == .none)  // overflows past Int.max: Combine gives .none
    #expect(Demand.unlimited - Int.min == .unlimited)
  }

  /// A negative result is `.none`.
  ///
  /// Apple: "A negative demand is impossible; when an operation would result in a negative
  /// value, Combine adjusts the value to `.max(0)`."
  @Test func aNegativeResultIsNone() {
    #expect(Demand.max(5) + (-10) == .none)
    #expect(Demand.max(5) - 10 == .none)
    #expect(Demand.max(5) - .max(10) == .none)
    #expect(Demand.max(5) * -1 == .none)
    #expect(Demand.max(0) * -1 == .none)
    // A product that overflows below zero is negative too.
    #expect(Demand.max(2) * Int.min == .none)
    #expect(Demand.max(Int.max) * -2 == .none)
    #expect(Demand.max(Int.max) * 2 == .unlimited)
    #expect(Demand.max(5) + (-3) == .max(2))
    #expect(Demand.max(5) - (-3) == .max(8))
  }

  @Test func subtraction() {
    #expect(Demand.max(42) - .unlimited == .max(0))
    #expect(Demand.unlimited - .unlimited == .unlimited)
    #expect(Demand.unlimited - .max(42) == .unlimited)
    #expect(Demand.max(100) - .max(42) == .max(58))
    #expect(Demand.max(81) - 42 == .max(39))
    #expect(Demand.unlimited - 42 == .unlimited)

    var demand = Demand.max(100)
    demand -= .max(1)
    #expect(demand == .max(99))
    demand -= 21
    #expect(demand == .max(78))
    demand -= .unlimited
    #expect(demand == .max(0))
    demand = .unlimited
    demand -= Int.max
    #expect(demand == .unlimited)
    demand -= .unlimited
    #expect(demand == .unlimited)
    demand = .max(Int.max)
    #expect(demand - (-1) == .none)
    demand -= -1
    #expect(demand == .none)
  }

  @Test func multiplication() {
    #expect(Demand.max(42) * 2 == .max(84))
    #expect(Demand.unlimited * Int.max == .unlimited)

    var demand = Demand.none
    demand *= 10
    #expect(demand == .none)
    demand = .max(20)
    demand *= 2
    #expect(demand == .max(40))
    demand = .unlimited
    demand *= Int.max
    #expect(demand == .unlimited)
    demand = .max(Int.max)
    #expect(demand * 2 == .unlimited)
    demand *= 2
    #expect(demand == .unlimited)
  }

  /// Each comparison of OpenCombine's table: `lhs op rhs` for the six operators, between two
  /// demands, a demand and a count, and a count and a demand.
  struct Row: CustomTestStringConvertible, Sendable {
    var lhs: Demand
    var rhs: Demand
    /// `<`, `>`, `!=`, `==`, `<=`, `>=`.
    var expected: [Bool]
    var testDescription: String { "\(lhs) vs \(rhs)" }
  }

  static let rows: [Row] = [
    Row(lhs: .unlimited, rhs: .unlimited, expected: [false, false, false, true, true, true]),
    Row(lhs: .unlimited, rhs: .max(42), expected: [false, true, true, false, false, true]),
    Row(lhs: .max(42), rhs: .unlimited, expected: [true, false, true, false, true, false]),
    Row(lhs: .max(42), rhs: .max(100), expected: [true, false, true, false, true, false]),
    Row(lhs: .max(142), rhs: .max(100), expected: [false, true, true, false, false, true]),
    Row(lhs: .max(100), rhs: .max(100), expected: [false, false, false, true, true, true]),
  ]

  @Test(arguments: rows) func comparison(_ row: Row) {
    let (lhs, rhs) = (row.lhs, row.rhs)
    #expect([lhs < rhs, lhs > rhs, lhs != rhs, lhs == rhs, lhs <= rhs, lhs >= rhs] == row.expected)
    if let count = rhs.max {
      #expect(
        [lhs < count, lhs > count, lhs != count, lhs == count, lhs <= count, lhs >= count]
          == row.expected)
    }
    if let count = lhs.max {
      #expect(
        [count < rhs, count > rhs, count != rhs, count == rhs, count <= rhs, count >= rhs]
          == row.expected)
    }
  }

  @Test func comparisonWithNegativeCounts() {
    #expect(Demand.none > -1)
    #expect(Demand.none >= -1)
    #expect(!(Demand.none < -1))
    #expect(Demand.none != -1)
    #expect(-1 < Demand.none)
    #expect(Demand.unlimited > Int.max)
    #expect(Int.max < Demand.unlimited)
    #expect(Demand.max(Int.max) == Int.max)
  }

  @Test func max() {
    #expect(Demand.none.max == 0)
    #expect(Demand.max(42).max == 42)
    #expect(Demand.unlimited.max == nil)
  }

  @Test func description() {
    #expect(Demand.none.description == "max(0)")
    #expect(Demand.max(42).description == "max(42)")
    #expect(Demand.unlimited.description == "unlimited")
  }

  private struct Wrapper: Codable, Equatable {
    var value: Demand
  }

  @Test func encodesAndDecodesAsCombineDoes() throws {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    let unlimitedText = #"{"value":\#(UInt(Int.max) + 1)}"#
    #expect(
      String(decoding: try encoder.encode(Wrapper(value: .max(42))), as: UTF8.self)
        == #"{"value":42}"#)
    #expect(
      String(decoding: try encoder.encode(Wrapper(value: .unlimited)), as: UTF8.self)
        == unlimitedText)
    #expect(
      try decoder.decode(Wrapper.self, from: Data(#"{"value":42}"#.utf8))
        == Wrapper(value: .max(42)))
    #expect(try decoder.decode(Wrapper.self, from: Data(unlimitedText.utf8)).value == .unlimited)
    #expect(throws: (any Error).self) {
      try decoder.decode(Wrapper.self, from: Data(#"{"value":-1}"#.utf8))
    }
    let tooBig = #"{"value":\#(UInt(Int.max) + 2)}"#
    #expect(
      try decoder.decode(Wrapper.self, from: Data(tooBig.utf8)).value.description == "unlimited")
  }
}
