import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ContainsTests` of `tryContains(where:)`, ported.
@Suite struct TryContainsWhereTests {
  @Test func findingAMatchEndsEarly() {
    expectReductionEndsEarly(named: "TryContainsWhere", sending: [1, 2], result: true) {
      $0.tryContains { $0.isMultiple(of: 2) }
    }
  }

  @Test func notFindingOneYieldsFalseAtTheEnd() {
    expectReductionOfOneToFive(named: "TryContainsWhere", result: false) {
      $0.tryContains { $0 > 5 }
    }
  }

  @Test func aThrowCancelsTheUpstreamThenFails() {
    expectReductionFailsWhenItThrows(named: "TryContainsWhere", failure: TestingError.oops) {
      $0.tryContains {
        if $0 == 5 { throw TestingError.oops }
        return false
      }
    }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(
      named: "TryContainsWhere", failure: TestingError.oops
    ) { $0.tryContains { $0 > 5 } }
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectReductionCancelsASecondSubscription(
      named: "TryContainsWhere", end: .failure(TestingError.oops)
    ) { $0.tryContains { _ in throw TestingError.oops } }
  }
}
