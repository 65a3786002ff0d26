import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `MapKeyPathTests` of `map(_:_:_:)`, ported.
@Suite struct MapKeyPath3Tests {
  @Test func readsTheThreeKeyPathsOfEachValue() {
    let harness = OperatorHarness<Multiples, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .max(3)
    ) { $0.map(\.doubled, \.tripled, \.quadrupled).map { [$0.0, $0.1, $0.2] } }
    #expect(harness.publisher.send(Multiples(value: 1)) == .max(3))
    harness.publisher.send(completion: .failure(.oops))
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .value([2, 3, 4]), .failure(.oops),
      ])
    let publisher = TestPublisher<Multiples, Never>(subscription: nil)
    publisher.map(\.doubled, \.tripled, \.value).subscribe(
      TrackingSubscriber<(Int, Int, Int), Never>())
    #expect("\(publisher.erasedSubscriber!)" == "ValueForKeys")
  }

  @Test func requestsAndCancelsGoStraightUpstream() {
    expectRequestsAndCancelsGoStraightUpstream(sending: Multiples(value: 1)) {
      $0.map(\.doubled, \.tripled, \.quadrupled)
    }
  }
}
