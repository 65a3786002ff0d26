import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `CountTests`, ported.
@Suite struct CountTests {
  @Test func countsEveryValueAndWaitsForDemand() {
    expectReductionOfOneToFive(named: "Count", result: 5) { $0.count() }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "Count", failure: .oops) { $0.count() }
  }

  @Test func anEmptyUpstreamCountsZero() {
    expectReductionOfNothing(named: "Count", result: 0) { $0.count() }
  }

  @Test func subscribesThenAsksForEverything() {
    expectReductionSubscribesThenAsksForEverything { $0.count() }
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectReductionCancelsASecondSubscription(named: "Count", end: .atTheEnd(1)) { $0.count() }
  }

  @Test func lifecycle() {
    expectLifecycle(
      sendValue: 42, cancellingReleasesSubscriber: false, finishingReachesSubscriber: false
    ) { $0.count() }
  }
}
