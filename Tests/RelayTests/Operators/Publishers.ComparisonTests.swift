import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ComparisonTests` of `min` and `max`, ported.
@Suite struct ComparisonTests {
  @Test func minAndMaxOfOneToFive() {
    expectReductionOfOneToFive(named: "Comparison", result: 1) { $0.min() }
    expectReductionOfOneToFive(named: "Comparison", result: 5) { $0.max() }
    expectReductionOfOneToFive(named: "Comparison", result: 1) { $0.min(by: <) }
    expectReductionOfOneToFive(named: "Comparison", result: 5) { $0.max(by: <) }
    // A reversed ordering swaps them.
    expectReductionOfOneToFive(named: "Comparison", result: 5) { $0.min(by: >) }
  }

  @Test func ofEqualValuesTheFirstIsKept() {
    let values = [(1, "a"), (3, "b"), (3, "c"), (1, "d")].publisher
    var found: [String] = []
    let max = values.max { $0.0 < $1.0 }.sink { found.append($0.1) }
    let min = values.min { $0.0 < $1.0 }.sink { found.append($0.1) }
    #expect(found == ["b", "a"])
    _ = (max, min)
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "Comparison", failure: .oops) { $0.min() }
  }

  @Test func anEmptyUpstreamFinishesWithoutAValue() {
    expectReductionOfNothing(named: "Comparison", result: nil) { $0.max() }
  }

  @Test func subscribesThenAsksForEverything() {
    expectReductionSubscribesThenAsksForEverything { $0.max() }
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectReductionCancelsASecondSubscription(named: "Comparison", end: .atTheEnd(0)) { $0.min() }
  }

  @Test func lifecycle() {
    expectLifecycle(
      sendValue: 42, cancellingReleasesSubscriber: false, finishingReachesSubscriber: false
    ) { $0.max() }
  }
}
