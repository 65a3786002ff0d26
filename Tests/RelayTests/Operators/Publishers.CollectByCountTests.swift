import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `CollectByCountTests`, ported.
@Suite struct CollectByCountTests {
  @Test func gathersArraysAndTheRestAtTheEnd() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(2), demandPerValue: .max(1)
    ) { $0.collect(2) }
    #expect(harness.subscription.history == [.requested(.max(4))])
    #expect(harness.publisher.send(1) == .none)
    // A full array returns the subscriber's demand, in values.
    #expect(harness.publisher.send(2) == .max(2))
    #expect(harness.publisher.send(3) == .none)
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [
        .subscription("CollectByCount"), .value([1, 2]), .value([3]), .finished,
      ])
  }

  @Test func aFailureDropsWhatWasGathered() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.collect(3)
    }
    #expect(harness.subscription.history == [.requested(.unlimited)])
    harness.publisher.send(1)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("CollectByCount"), .failure(.oops)])
  }

  @Test func anEmptyUpstreamFinishesWithoutAValue() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(1)) { $0.collect(3) }
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("CollectByCount"), .finished])
  }

  @Test func requestsAreCountedInValues() {
    let harness = OperatorHarness<Int, TestingError, _> { $0.collect(5) }
    harness.downstreamSubscription?.request(.max(3))
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.request(.max(3))
    #expect(harness.subscription.history == [.requested(.max(15)), .cancelled])
    #expect(harness.publisher.send(1) == .none)
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("CollectByCount")])
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectCancelsASecondSubscription { $0.collect(2) }
  }

  @Test func aCountBelowOneStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = [1].publisher.collect(0).sink { _ in }
    }
  }
}
