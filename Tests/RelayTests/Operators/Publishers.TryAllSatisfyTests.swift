import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `AllSatisfyTests` of `tryAllSatisfy`, ported.
@Suite struct TryAllSatisfyTests {
  @Test func aValueThatFailsEndsEarly() {
    expectReductionEndsEarly(named: "TryAllSatisfy", sending: [1, 2, 3], result: false) {
      $0.tryAllSatisfy { $0 < 3 }
    }
  }

  @Test func everyValuePassingYieldsTrueAtTheEnd() {
    expectReductionOfOneToFive(named: "TryAllSatisfy", result: true) {
      $0.tryAllSatisfy { $0 > 0 }
    }
  }

  @Test func aThrowCancelsTheUpstreamThenFails() {
    expectReductionFailsWhenItThrows(named: "TryAllSatisfy", failure: TestingError.oops) {
      $0.tryAllSatisfy {
        if $0 == 5 { throw TestingError.oops }
        return true
      }
    }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "TryAllSatisfy", failure: TestingError.oops) {
      $0.tryAllSatisfy { $0 > 0 }
    }
  }
}
