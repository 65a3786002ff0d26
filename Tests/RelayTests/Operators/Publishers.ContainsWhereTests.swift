import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ContainsTests` of `contains(where:)`, ported.
@Suite struct ContainsWhereTests {
  @Test func findingAMatchEndsEarly() {
    expectReductionEndsEarly(named: "ContainsWhere", sending: [1, 2], result: true) {
      $0.contains { $0.isMultiple(of: 2) }
    }
  }

  @Test func notFindingOneYieldsFalseAtTheEnd() {
    expectReductionOfOneToFive(named: "ContainsWhere", result: false) { $0.contains { $0 > 5 } }
    expectReductionOfNothing(named: "ContainsWhere", result: false) { $0.contains { _ in true } }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "ContainsWhere", failure: .oops) {
      $0.contains { $0 > 5 }
    }
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectReductionCancelsASecondSubscription(named: "ContainsWhere", end: .atTheEnd(false)) {
      $0.contains { $0 > 0 }
    }
  }
}
