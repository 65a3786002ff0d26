import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `LastTests` of `last(where:)`, ported.
@Suite struct LastWhereTests {
  @Test func keepsTheLastMatchAndWaitsForDemand() {
    expectReductionOfOneToFive(named: "LastWhere", result: 4) { $0.last { $0.isMultiple(of: 2) } }
  }

  @Test func noMatchFinishesWithoutAValue() {
    expectReductionOfNothing(named: "LastWhere", result: nil) { $0.last { _ in true } }
    expectReductionCancelsASecondSubscription(named: "LastWhere", end: .atTheEnd(nil)) {
      $0.last { $0 > 0 }
    }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "LastWhere", failure: .oops) {
      $0.last { _ in true }
    }
  }
}
