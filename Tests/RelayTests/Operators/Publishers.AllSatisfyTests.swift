import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `AllSatisfyTests` of `allSatisfy`, ported.
@Suite struct AllSatisfyTests {
  @Test func aValueThatFailsEndsEarly() {
    expectReductionEndsEarly(named: "AllSatisfy", sending: [1, 2, 3], result: false) {
      $0.allSatisfy { $0 < 3 }
    }
  }

  @Test func everyValuePassingYieldsTrueAtTheEnd() {
    expectReductionOfOneToFive(named: "AllSatisfy", result: true) { $0.allSatisfy { $0 > 0 } }
    expectReductionOfNothing(named: "AllSatisfy", result: true) { $0.allSatisfy { _ in false } }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "AllSatisfy", failure: .oops) {
      $0.allSatisfy { $0 > 0 }
    }
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectReductionCancelsASecondSubscription(named: "AllSatisfy", end: .early(false)) {
      $0.allSatisfy { $0 > 0 }
    }
  }

  @Test func lifecycle() {
    expectLifecycle(
      sendValue: 42, cancellingReleasesSubscriber: false, finishingReachesSubscriber: false
    ) { $0.allSatisfy { $0 > 0 } }
  }
}
