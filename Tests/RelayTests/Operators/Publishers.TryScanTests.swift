import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ScanTests` of `tryScan`, ported.
@Suite struct TryScanTests {
  @Test func publishesEachRunningResult() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(3), demandPerValue: .max(1)
    ) { $0.tryScan(0, +) }
    #expect(harness.publisher.send(1) == .max(1))
    #expect(harness.publisher.send(2) == .max(1))
    #expect(harness.publisher.send(3) == .max(1))
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [
        .subscription("TryScan"), .value(1), .value(3), .value(6), .finished,
      ])
  }

  @Test func aThrowCancelsTheUpstreamThenFails() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.tryScan(0) { total, value in
        if value == 3 { throw TestingError.oops }
        return total + value
      }
    }
    harness.publisher.send(1)
    harness.publisher.send(3)
    harness.publisher.send(5)
    #expect(
      harness.tracker.history == [.subscription("TryScan"), .value(1), .failure(TestingError.oops)])
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test func eachSubscriberStartsFromTheInitialResult() {
    let scan = [1, 2, 3].publisher.tryScan(10, +)
    var first: [Int] = []
    var second: [Int] = []
    let a = scan.sink(receiveCompletion: { _ in }, receiveValue: { first.append($0) })
    let b = scan.sink(receiveCompletion: { _ in }, receiveValue: { second.append($0) })
    #expect(first == [11, 13, 16])
    #expect(second == first)
    _ = (a, b)
  }
}
