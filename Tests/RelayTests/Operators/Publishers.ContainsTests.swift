import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ContainsTests` of `contains(_:)`, ported.
@Suite struct ContainsTests {
  @Test func findingTheValueEndsEarly() {
    expectReductionEndsEarly(named: "Contains", sending: [1, 2, 3], result: true) {
      $0.contains(3)
    }
  }

  @Test func notFindingItYieldsFalseAtTheEnd() {
    expectReductionOfOneToFive(named: "Contains", result: false) { $0.contains(6) }
    expectReductionOfNothing(named: "Contains", result: false) { $0.contains(6) }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "Contains", failure: .oops) { $0.contains(6) }
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectReductionCancelsASecondSubscription(named: "Contains", end: .early(true)) {
      $0.contains(0)
    }
  }

  @Test func subscribesThenAsksForEverything() {
    expectReductionSubscribesThenAsksForEverything { $0.contains(1) }
  }
}
