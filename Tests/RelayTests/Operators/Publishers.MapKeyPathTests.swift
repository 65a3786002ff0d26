import Relay
import RelayTestSupport
import Testing

/// A value with a few key paths to read, as OpenCombine's `MapKeyPathTests` use.
struct Multiples: Equatable {
  var value: Int
  var doubled: Int { value * 2 }
  var tripled: Int { value * 3 }
  var quadrupled: Int { value * 4 }
}

/// OpenCombine's `MapKeyPathTests` of `map(_:)` with one key path, ported.
@Suite struct MapKeyPathTests {
  @Test func readsTheKeyPathOfEachValue() {
    let harness = OperatorHarness<Multiples, TestingError, _>(
      initialDemand: .max(2), demandPerValue: .max(1)
    ) { $0.map(\.doubled) }
    #expect(harness.publisher.send(Multiples(value: 1)) == .max(1))
    #expect(harness.publisher.send(Multiples(value: 5)) == .max(1))
    harness.publisher.send(completion: .failure(.oops))
    // The downstream has the upstream's own subscription.
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .value(2), .value(10), .failure(.oops),
      ])
    #expect(harness.subscription.history == [.requested(.max(2))])
  }

  @Test func passesThroughAndIsNamedValueForKey() {
    expectPassesThroughBeforeTheSubscription(
      named: "ValueForKey", sending: Multiples(value: 3), receiving: 9
    ) { $0.map(\.tripled) }
  }

  @Test func requestsAndCancelsGoStraightUpstream() {
    expectRequestsAndCancelsGoStraightUpstream(sending: Multiples(value: 1)) {
      $0.map(\.doubled)
    }
  }

  @Test func aSecondSubscriptionReachesTheSubscriber() {
    expectASecondSubscriptionReachesTheSubscriber { (publisher: TestPublisher<Multiples, Never>) in
      publisher.map(\.doubled)
    }
  }

  @Test func onARelay() {
    let relay = CurrentValueRelay(Multiples(value: 1))
    var received: [Int] = []
    let cancellable = relay.map(\.quadrupled).sink { received.append($0) }
    relay.send(Multiples(value: 2))
    #expect(received == [4, 8])
    _ = cancellable
  }
}
