import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ReduceTests` of `tryReduce`, ported.
@Suite struct TryReduceTests {
  @Test func foldsEveryValueAndWaitsForDemand() {
    expectReductionOfOneToFive(named: "TryReduce", result: 120) { $0.tryReduce(1, *) }
  }

  @Test func aThrowCancelsTheUpstreamThenFails() {
    expectReductionFailsWhenItThrows(named: "TryReduce", failure: TestingError.oops) {
      $0.tryReduce(1) { total, value in
        if value == 5 { throw TestingError.oops }
        return total * value
      }
    }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "TryReduce", failure: TestingError.oops) {
      $0.tryReduce(1, *)
    }
  }

  @Test func anEmptyUpstreamYieldsTheInitialResult() {
    expectReductionOfNothing(named: "TryReduce", result: 1) { $0.tryReduce(1, *) }
  }

  @Test func subscribesThenAsksForEverything() {
    expectReductionSubscribesThenAsksForEverything { $0.tryReduce(0, +) }
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectReductionCancelsASecondSubscription(named: "TryReduce", end: .atTheEnd(0)) {
      $0.tryReduce(0, +)
    }
    expectReductionCancelsASecondSubscription(named: "TryReduce", end: .failure(TestingError.oops))
    {
      $0.tryReduce(0) { _, _ in throw TestingError.oops }
    }
  }

  @Test func lifecycle() {
    expectLifecycle(
      sendValue: 42, cancellingReleasesSubscriber: false, finishingReachesSubscriber: false
    ) { $0.tryReduce(0, +) }
  }
}
