import Foundation
import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `DecodeTests`, ported, with `JSONDecoder` and a round trip through `encode`.
@Suite struct DecodeTests {
  private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
  }

  @Test func decodesEachValueIntoTheType() {
    let harness = OperatorHarness<Data, Never, _>(initialDemand: .unlimited) {
      $0.decode(type: Point.self, decoder: JSONDecoder())
    }
    _ = harness.publisher.send(Data(#"{"x":1,"y":2}"#.utf8))
    _ = harness.publisher.send(Data(#"{"y":4,"x":3}"#.utf8))
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [
        .subscription("Decode"), .value(Point(x: 1, y: 2)), .value(Point(x: 3, y: 4)), .finished,
      ])
  }

  @Test func aDecodingErrorCancelsTheUpstreamAndFailsWithIt() {
    let harness = OperatorHarness<Data, Never, _>(initialDemand: .max(5), demandPerValue: .max(1)) {
      $0.decode(type: Point.self, decoder: JSONDecoder())
    }
    #expect(harness.publisher.send(Data(#"{"x":1,"y":2}"#.utf8)) == .max(1))
    #expect(harness.publisher.send(Data(#"{"x":1}"#.utf8)) == .none)
    #expect(harness.publisher.send(Data(#"{"x":1,"y":2}"#.utf8)) == .none)
    #expect(harness.subscription.history == [.requested(.max(5)), .cancelled])
    let history = harness.tracker.history
    #expect(history.count == 3)
    #expect(history.prefix(2) == [.subscription("Decode"), .value(Point(x: 1, y: 2))])
    guard case .completion(.failure(let error)) = history.last else {
      Issue.record("expected a failure, got \(history)")
      return
    }
    #expect(error is DecodingError)
  }

  @Test func roundTripsWithEncode() {
    let values = [Point(x: 1, y: 2), Point(x: -5, y: 9)]
    var received: [Point] = []
    var completion: Subscribers.Completion<any Error>?
    let subscription = values.publisher
      .encode(encoder: JSONEncoder())
      .decode(type: Point.self, decoder: JSONDecoder())
      .sink(receiveCompletion: { completion = $0 }, receiveValue: { received.append($0) })
    #expect(received == values)
    if case .finished = completion {
    } else {
      Issue.record("expected finished, got \(String(describing: completion))")
    }
    subscription.cancel()
  }

  @Test func theUpstreamsFailurePasses() {
    let harness = OperatorHarness<Data, TestingError, _>(initialDemand: .unlimited) {
      $0.decode(type: Point.self, decoder: JSONDecoder())
    }
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("Decode"), .failure(TestingError.oops)])
  }
}
