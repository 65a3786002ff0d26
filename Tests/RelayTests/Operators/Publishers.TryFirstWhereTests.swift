import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `FirstTests` of `tryFirst(where:)`, ported.
@Suite struct TryFirstWhereTests {
  @Test func theFirstMatchEndsEarly() {
    expectReductionEndsEarly(named: "TryFirstWhere", sending: [1, 2, 3], result: 3) {
      $0.tryFirst { $0 > 2 }
    }
  }

  @Test func aThrowCancelsTheUpstreamThenFails() {
    expectReductionFailsWhenItThrows(named: "TryFirstWhere", failure: TestingError.oops) {
      $0.tryFirst {
        if $0 == 5 { throw TestingError.oops }
        return false
      }
    }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "TryFirstWhere", failure: TestingError.oops) {
      $0.tryFirst { $0 > 9 }
    }
  }

  @Test func noMatchFinishesWithoutAValue() {
    expectReductionOfOneToFive(named: "TryFirstWhere", result: nil) { $0.tryFirst { $0 > 9 } }
    expectReductionOfNothing(named: "TryFirstWhere", result: nil) { $0.tryFirst { _ in true } }
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectReductionCancelsASecondSubscription(named: "TryFirstWhere", end: .early(0)) {
      $0.tryFirst { _ in true }
    }
  }
}
