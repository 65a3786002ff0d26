import Relay
import RelayTestSupport
import TestSupport
import Testing

@Suite struct PassthroughRelayTests {

  @Test func deliversOnlyValuesSentAfterSubscribing() {
    let relay = PassthroughRelay<Int>()
    relay.send(1)
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    relay.subscribe(tracker)
    relay.send(2)
    relay.send(3)
    #expect(tracker.history == [.subscription("PassthroughSubject"), .value(2), .value(3)])
  }

  @Test func dropsValuesForASubscriberWithoutDemand() {
    let relay = PassthroughRelay<Int>()
    let tracker = TrackingSubscriber<Int, Never>(demand: .max(1))
    relay.subscribe(tracker)
    relay.send(1)
    relay.send(2)
    tracker.request(.max(1))
    relay.send(3)
    #expect(tracker.values == [1, 3])
  }

  @Test func valueSentFromASubscriberIsDeliveredAfterTheCurrentOne() {
    let relay = PassthroughRelay<Int>()
    var log: [String] = []
    let a = relay.sink { value in
      log.append("a\(value)")
      if value < 3 { relay.send(value + 1) }
    }
    let b = relay.sink { log.append("b\($0)") }
    relay.send(1)
    #expect(log == ["a1", "b1", "a2", "b2", "a3", "b3"])
    _ = (a, b)
  }
}
