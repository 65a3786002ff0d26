import Relay
import RelayTestSupport
import Testing

/// `receive()` of a subscriber of `Void`, as Combine spells it.
@Suite struct SubscriberTests {
  @Test func receiveWithoutAnArgumentDeliversTheVoidValue() {
    var calls = 0
    let tracker = TrackingSubscriber<Void, Never>(receiveValue: { _ in
      calls += 1
      return .max(2)
    })
    #expect(tracker.receive() == .max(2))
    #expect(tracker.receive() == .max(2))
    #expect(calls == 2)
    #expect(tracker.values.count == 2)
  }
}
