import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `CompactMapTests` of `tryCompactMap`, ported.
@Suite struct TryCompactMapTests {
  @Test func dropsNilAndFailsOnAThrow() {
    let harness = OperatorHarness<String, TestingError, _>(
      initialDemand: .max(5), demandPerValue: .max(3)
    ) {
      $0.tryCompactMap { text -> Int? in
        if text == "boom" { throw TestingError.boom }
        return Int(text)
      }
    }
    #expect(harness.publisher.send("a") == .max(1))
    #expect(harness.publisher.send("1") == .max(3))
    #expect(harness.publisher.send("boom") == .none)
    #expect(harness.publisher.send("2") == .none)
    #expect(
      harness.tracker.history == [
        .subscription("TryCompactMap"), .value(1), .failure(TestingError.boom),
      ])
    #expect(harness.subscription.history == [.requested(.max(5)), .cancelled])
  }

  @Test func theUpstreamsFailurePasses() {
    let harness = OperatorHarness<String, TestingError, _>(initialDemand: .unlimited) {
      $0.tryCompactMap { Int($0) }
    }
    harness.publisher.send(completion: .failure(.oops))
    #expect(
      harness.tracker.history == [.subscription("TryCompactMap"), .failure(TestingError.oops)])
  }

  @Test func aSecondSubscriptionIsCancelled() {
    let harness = OperatorHarness<String, TestingError, _> { $0.tryCompactMap { Int($0) } }
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
  }
}
