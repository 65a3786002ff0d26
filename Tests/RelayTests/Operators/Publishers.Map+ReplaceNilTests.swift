import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ReplaceNilTests`, ported.
@Suite struct ReplaceNilTests {
  @Test func replacesEachNil() {
    let harness = OperatorHarness<Int?, TestingError, _>(
      initialDemand: .max(4), demandPerValue: .none
    ) { $0.replaceNil(with: 42) }
    harness.publisher.send(1)
    harness.publisher.send(nil)
    harness.publisher.send(3)
    harness.publisher.send(nil)
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .value(1), .value(42), .value(3), .value(42),
        .finished,
      ])
  }

  @Test func isAMap() {
    let publisher = TestPublisher<Int?, Never>(subscription: nil)
    let replaced: Publishers.Map<TestPublisher<Int?, Never>, Int> = publisher.replaceNil(with: 0)
    replaced.subscribe(TrackingSubscriber<Int, Never>())
    #expect("\(publisher.erasedSubscriber!)" == "Map")
  }
}
