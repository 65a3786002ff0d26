import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `CollectTests`, ported.
@Suite struct CollectTests {
  @Test func collectGathersEverything() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .none
    ) { $0.collect() }
    #expect(harness.subscription.history == [.requested(.unlimited)])
    harness.publisher.send(1)
    harness.publisher.send(2)
    #expect(harness.tracker.history == [.subscription("Collect")])
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("Collect"), .value([1, 2]), .finished])
  }

  @Test func collectWaitsForDemandAndFailsAtOnce() {
    let waiting = OperatorHarness<Int, TestingError, _> { $0.collect() }
    waiting.publisher.send(completion: .finished)
    #expect(waiting.tracker.history == [.subscription("Collect")])
    waiting.downstreamSubscription?.request(.max(1))
    #expect(waiting.tracker.history == [.subscription("Collect"), .value([]), .finished])

    let failing = OperatorHarness<Int, TestingError, _> { $0.collect() }
    failing.publisher.send(1)
    failing.publisher.send(completion: .failure(.oops))
    #expect(failing.tracker.history == [.subscription("Collect"), .failure(.oops)])
  }

  @Test func secondSubscriptionIsCancelled() {
    let harness = OperatorHarness<Int, TestingError, _> { $0.collect() }
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
  }
}
