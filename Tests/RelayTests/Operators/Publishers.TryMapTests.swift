import Relay
import RelayTestSupport
import Testing

/// The `tryMap` cases of OpenCombine's `MapTests`, ported.
@Suite struct TryMapTests {
  @Test func tryMapTransformsAndFailsOnAThrow() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(3), demandPerValue: .none
    ) {
      $0.tryMap { value in
        if value == 100 { throw TestingError.boom }
        return value * 2
      }
    }
    #expect(harness.tracker.history == [.subscription("TryMap")])
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.publisher.send(100) == .none)
    #expect(harness.publisher.send(2) == .none)
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [.subscription("TryMap"), .value(2), .failure(TestingError.boom)])
    #expect(harness.subscription.history == [.requested(.max(3)), .cancelled])
  }

  @Test func tryMapPassesTheUpstreamError() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .unlimited, demandPerValue: .none
    ) { $0.tryMap { $0 * 2 } }
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("TryMap"), .failure(TestingError.oops)])
  }

  @Test func tryMapSecondSubscriptionIsCancelled() {
    let harness = OperatorHarness<Int, TestingError, _> { $0.tryMap { $0 } }
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
  }
}
