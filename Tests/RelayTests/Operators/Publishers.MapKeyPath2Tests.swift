import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `MapKeyPathTests` of `map(_:_:)`, ported.
@Suite struct MapKeyPath2Tests {
  @Test func readsBothKeyPathsOfEachValue() {
    let harness = OperatorHarness<Multiples, TestingError, _>(
      initialDemand: .unlimited, demandPerValue: .none
    ) { $0.map(\.doubled, \.tripled).map { [$0.0, $0.1] } }
    harness.publisher.send(Multiples(value: 1))
    harness.publisher.send(Multiples(value: 2))
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .value([2, 3]), .value([4, 6]), .finished,
      ])
  }

  @Test func passesThroughAndIsNamedValueForKeys() {
    expectPassesThroughBeforeTheSubscription(
      named: "ValueForKeys", sending: Multiples(value: 3), receiving: [6, 9]
    ) { $0.map(\.doubled, \.tripled).map { [$0.0, $0.1] } }
    let publisher = TestPublisher<Multiples, Never>(subscription: nil)
    publisher.map(\.doubled, \.tripled).subscribe(TrackingSubscriber<(Int, Int), Never>())
    #expect("\(publisher.erasedSubscriber!)" == "ValueForKeys")
  }

  @Test func requestsAndCancelsGoStraightUpstream() {
    expectRequestsAndCancelsGoStraightUpstream(sending: Multiples(value: 1)) {
      $0.map(\.doubled, \.tripled)
    }
  }
}
