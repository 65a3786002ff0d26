import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `RemoveDuplicatesTests` of `tryRemoveDuplicates(by:)`, ported.
@Suite struct TryRemoveDuplicatesTests {
  @Test func dropsConsecutiveDuplicates() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(10), demandPerValue: .none
    ) { $0.tryRemoveDuplicates(by: ==) }
    for value in [1, 1, 2, 2, 2, 1, 3] { harness.publisher.send(value) }
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [
        .subscription("TryRemoveDuplicates"), .value(1), .value(2), .value(1), .value(3),
        .finished,
      ])
  }

  @Test func aDuplicateAsksForOneMore() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(2), demandPerValue: .max(3)
    ) { $0.tryRemoveDuplicates(by: ==) }
    #expect(harness.publisher.send(1) == .max(3))
    #expect(harness.publisher.send(1) == .max(1))
  }

  @Test func aThrowCancelsTheUpstreamThenFails() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.tryRemoveDuplicates { _, new in
        if new == 3 { throw TestingError.oops }
        return false
      }
    }
    harness.publisher.send(1)
    harness.publisher.send(3)
    harness.publisher.send(4)
    #expect(
      harness.tracker.history == [
        .subscription("TryRemoveDuplicates"), .value(1), .failure(TestingError.oops),
      ])
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test func theFirstValueIsNotCompared() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.tryRemoveDuplicates { _, _ in throw TestingError.oops }
    }
    harness.publisher.send(1)
    #expect(harness.tracker.history == [.subscription("TryRemoveDuplicates"), .value(1)])
  }
}
