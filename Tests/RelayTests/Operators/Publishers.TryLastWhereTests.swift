import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `LastTests` of `tryLast(where:)`, ported.
@Suite struct TryLastWhereTests {
  @Test func keepsTheLastMatchAndWaitsForDemand() {
    expectReductionOfOneToFive(named: "TryLastWhere", result: 3) { $0.tryLast { $0 < 4 } }
  }

  @Test func aThrowCancelsTheUpstreamThenFails() {
    expectReductionFailsWhenItThrows(named: "TryLastWhere", failure: TestingError.oops) {
      $0.tryLast {
        if $0 == 5 { throw TestingError.oops }
        return true
      }
    }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "TryLastWhere", failure: TestingError.oops) {
      $0.tryLast { _ in true }
    }
  }

  @Test func anEmptyUpstreamFinishesWithoutAValue() {
    expectReductionOfNothing(named: "TryLastWhere", result: nil) { $0.tryLast { _ in true } }
  }
}
