import Foundation
import Relay
import Testing

/// OpenCombine's `RunLoopSchedulerTests` and `OperationQueueSchedulerTests` cases for the time
/// and stride types, ported, for both schedulers.
@Suite struct RunLoopSchedulerTimeTypeTests {
  @Test func runLoopTimes() throws {
    try checkTimes(RunLoop.SchedulerTimeType.init, date: \.date)
  }

  @Test func operationQueueTimes() throws {
    try checkTimes(OperationQueue.SchedulerTimeType.init, date: \.date)
  }

  @Test func runLoopStrides() throws {
    try checkStrides(RunLoop.SchedulerTimeType.Stride.self, seconds: \.timeInterval)
  }

  @Test func operationQueueStrides() throws {
    try checkStrides(OperationQueue.SchedulerTimeType.Stride.self, seconds: \.timeInterval)
  }

  private func checkTimes<Time: Strideable & Codable & Equatable>(
    _ make: (Date) -> Time, date: (Time) -> Date
  ) throws
  where
    Time.Stride: SchedulerTimeIntervalConvertible & SignedNumeric,
    Time.Stride.Magnitude == TimeInterval
  {
    let early = make(Date(timeIntervalSince1970: 10_000))
    let later = make(Date(timeIntervalSince1970: 10_431))
    let distantFuture = make(.distantFuture)
    #expect(early.distance(to: later).magnitude == 431)
    #expect(later.distance(to: early).magnitude == -431)
    #expect(early.distance(to: distantFuture).magnitude == 64_092_201_200)
    #expect(distantFuture.distance(to: distantFuture).magnitude == 0)

    let time = make(Date(timeIntervalSinceReferenceDate: 10_000))
    #expect(time.advanced(by: .seconds(431)) == make(Date(timeIntervalSinceReferenceDate: 10_431)))
    #expect(time.advanced(by: .seconds(-220)) == make(Date(timeIntervalSinceReferenceDate: 9_780)))
    #expect(
      date(time.advanced(by: .nanoseconds(.max)))
        == Date(timeIntervalSinceReferenceDate: 9_223_382_036.854776))
    let beginning = make(Date(timeIntervalSinceReferenceDate: 1))
    #expect(
      date(beginning.advanced(by: .seconds(-1000))) == Date(timeIntervalSinceReferenceDate: -999))

    #expect(time == make(Date(timeIntervalSinceReferenceDate: 10_000)))
    #expect(time != make(Date(timeIntervalSinceReferenceDate: 10_001)))

    let encoded = try JSONEncoder().encode(make(Date(timeIntervalSinceReferenceDate: 1024.75)))
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"date":1024.75}"#)
    #expect(
      try JSONDecoder().decode(Time.self, from: encoded)
        == make(Date(timeIntervalSinceReferenceDate: 1024.75)))
  }

  private func checkStrides<Stride>(_: Stride.Type, seconds: (Stride) -> TimeInterval) throws
  where
    Stride: SchedulerTimeIntervalConvertible & SignedNumeric & Comparable & Codable
      & ExpressibleByFloatLiteral,
    Stride.Magnitude == TimeInterval, Stride.FloatLiteralType == TimeInterval
  {
    #expect(seconds(.seconds(2)) == 2)
    #expect(seconds(.seconds(2.2)) == 2.2)
    #expect(seconds(.seconds(Double.infinity)) == .infinity)
    #expect(seconds(.milliseconds(2)) == 0.002)
    #expect(seconds(.microseconds(2)) == 2E-06)
    #expect(seconds(.nanoseconds(2)) == 2E-09)
    #expect(seconds(.seconds(Int.max)) == 9.223372036854776E+18)
    #expect(seconds(.nanoseconds(.max)) == 9223372036.854776)

    #expect((1.2 as Stride).magnitude == 1.2)
    #expect((2 as Stride).magnitude == 2)
    #expect(Stride(exactly: UInt64.max) == nil)
    #expect(Stride(exactly: 871 as UInt64)?.magnitude == 871)

    #expect(Stride.nanoseconds(1) < .nanoseconds(2))
    #expect(Stride.nanoseconds(-2) > .microseconds(-10))
    #expect(Stride.milliseconds(2) < .seconds(2))

    // The product multiplies the second counts.
    #expect((Stride.nanoseconds(18) * .nanoseconds(1)).magnitude == 1.8E-17)
    #expect((Stride.microseconds(-3) * .nanoseconds(10)).magnitude == -3E-14)
    var product = Stride.nanoseconds(15)
    product *= .nanoseconds(2)
    #expect(product.magnitude == 3E-17)

    #expect((Stride.nanoseconds(7) + .nanoseconds(12)).magnitude == 1.8999999999999998E-08)
    #expect((Stride.milliseconds(-12) + .seconds(7)).magnitude == 6.988)
    #expect((Stride.seconds(-12) - .milliseconds(7)).magnitude == -12.007)
    var sum = Stride.seconds(-12)
    sum += .milliseconds(7)
    #expect(sum.magnitude == -11.993)
    sum -= .seconds(1)
    #expect(sum.magnitude == -12.993)

    let encoded = try JSONEncoder().encode(Stride.seconds(1024.5))
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"magnitude":1024.5}"#)
    #expect(try JSONDecoder().decode(Stride.self, from: encoded) == .seconds(1024.5))
  }
}
