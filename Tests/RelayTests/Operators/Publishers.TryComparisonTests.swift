import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ComparisonTests` of `tryMin` and `tryMax`, ported.
@Suite struct TryComparisonTests {
  @Test func minAndMaxOfOneToFive() {
    expectReductionOfOneToFive(named: "TryComparison", result: 1) { $0.tryMin(by: <) }
    expectReductionOfOneToFive(named: "TryComparison", result: 5) { $0.tryMax(by: <) }
  }

  @Test func aThrowCancelsTheUpstreamThenFails() {
    expectReductionFailsWhenItThrows(named: "TryComparison", failure: TestingError.oops) {
      $0.tryMax { lhs, rhs in
        if rhs == 5 { throw TestingError.oops }
        return lhs < rhs
      }
    }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "TryComparison", failure: TestingError.oops) {
      $0.tryMin(by: <)
    }
  }

  @Test func anEmptyUpstreamFinishesWithoutAValue() {
    expectReductionOfNothing(named: "TryComparison", result: nil) { $0.tryMax(by: <) }
  }

  @Test func theFirstValueIsNotCompared() {
    expectReductionCancelsASecondSubscription(named: "TryComparison", end: .atTheEnd(0)) {
      $0.tryMin { _, _ in throw TestingError.oops }
    }
  }

  @Test func subscribesThenAsksForEverything() {
    expectReductionSubscribesThenAsksForEverything { $0.tryMin(by: <) }
  }
}
