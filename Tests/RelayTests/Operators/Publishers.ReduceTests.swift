import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ReduceTests` of `reduce`, ported.
@Suite struct ReduceTests {
  @Test func foldsEveryValueAndWaitsForDemand() {
    expectReductionOfOneToFive(named: "Reduce", result: 120) { $0.reduce(1, *) }
  }

  @Test func theUpstreamFailurePassesAtOnce() {
    expectReductionPassesTheUpstreamFailure(named: "Reduce", failure: .oops) { $0.reduce(1, *) }
  }

  @Test func anEmptyUpstreamYieldsTheInitialResult() {
    expectReductionOfNothing(named: "Reduce", result: 1) { $0.reduce(1, *) }
  }

  @Test func subscribesThenAsksForEverything() {
    expectReductionSubscribesThenAsksForEverything { $0.reduce(0, +) }
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectReductionCancelsASecondSubscription(named: "Reduce", end: .atTheEnd(0)) {
      $0.reduce(0, +)
    }
  }

  @Test func lifecycle() {
    expectLifecycle(
      sendValue: 42, cancellingReleasesSubscriber: false, finishingReachesSubscriber: false
    ) { $0.reduce(0, +) }
  }

  @Test func reducesAnArrayPublisher() {
    var received: [String] = []
    let cancellable = ["a", "b", "c"].publisher.reduce("") { $0 + $1 }.sink { received.append($0) }
    #expect(received == ["abc"])
    _ = cancellable
  }
}
