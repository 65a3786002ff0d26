import Foundation
import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `EncodeTests`, ported, with `JSONEncoder` and an encoder that fails on demand.
@Suite struct EncodeTests {
  private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
  }

  /// Encodes an `Int` as its decimal digits, and fails on 7.
  private struct DigitsEncoder: TopLevelEncoder {
    func encode<T: Encodable>(_ value: T) throws -> String {
      guard let value = value as? Int else { throw TestingError.oops }
      if value == 7 { throw TestingError.boom }
      return String(value)
    }
  }

  /// A JSON encoder whose output does not depend on the order a dictionary happens to keep.
  private static func sortedKeysEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }

  @Test func encodesEachValueWithTheEncoder() throws {
    let harness = OperatorHarness<Point, Never, _>(initialDemand: .unlimited) {
      $0.encode(encoder: Self.sortedKeysEncoder())
    }
    _ = harness.publisher.send(Point(x: 1, y: 2))
    harness.publisher.send(completion: .finished)
    let encoder = Self.sortedKeysEncoder()
    #expect(
      harness.tracker.history == [
        .subscription("Encode"), .value(try encoder.encode(Point(x: 1, y: 2))), .finished,
      ])
  }

  @Test func anEncodingErrorCancelsTheUpstreamAndFails() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(5), demandPerValue: .max(1)
    ) {
      $0.encode(encoder: DigitsEncoder())
    }
    #expect(harness.publisher.send(1) == .max(1))
    #expect(harness.publisher.send(7) == .none)
    #expect(harness.publisher.send(8) == .none)
    #expect(
      harness.tracker.history == [
        .subscription("Encode"), .value("1"), .failure(TestingError.boom),
      ])
    #expect(harness.subscription.history == [.requested(.max(5)), .cancelled])
  }

  @Test func theUpstreamsFailurePasses() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.encode(encoder: DigitsEncoder())
    }
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("Encode"), .failure(TestingError.oops)])
  }

  @Test func lifecycle() {
    expectLifecycle(sendValue: 31, cancellingReleasesSubscriber: false) {
      $0.encode(encoder: DigitsEncoder())
    }
  }
}
