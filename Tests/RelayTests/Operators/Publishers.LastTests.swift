import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `LastTests` of `last()`, ported.
@Suite struct LastTests {
  @Test func keepsTheLastValueAndWaitsForDemand() {
    expectReductionOfOneToFive(named: "Last", result: 5) { $0.last() }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "Last", failure: .oops) { $0.last() }
  }

  @Test func anEmptyUpstreamFinishesWithoutAValue() {
    expectReductionOfNothing(named: "Last", result: nil) { $0.last() }
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectReductionCancelsASecondSubscription(named: "Last", end: .atTheEnd(0)) { $0.last() }
  }

  @Test func subscribesThenAsksForEverything() {
    expectReductionSubscribesThenAsksForEverything { $0.last() }
  }

  @Test func lifecycle() {
    expectLifecycle(
      sendValue: 42, cancellingReleasesSubscriber: false, finishingReachesSubscriber: false
    ) { $0.last() }
  }
}
