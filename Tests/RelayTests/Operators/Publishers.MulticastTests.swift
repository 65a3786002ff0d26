import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `MulticastTests`, ported, with relays where Combine takes subjects: a relay
/// never completes, so the upstream's finish reaches no subscriber.
@Suite struct MulticastTests {
  typealias Tracker = TrackingSubscriber<Int, Never>

  /// The upstream's finish reaches no subscriber: a relay never completes.
  @Test func valuesFlowOnlyWhileConnected() {
    #expect(
      connectionScenario { $0.multicast { PassthroughRelay<Int>() } } == [
        .subscription("PassthroughSubject"), .value(-1), .value(42), .value(15),
      ])
  }

  /// Each `connect()` subscribes the relay once more: two connections deliver each value twice.
  @Test func connectingTwiceSubscribesTwice() {
    let upstream = TestSubject<Int, Never>()
    let relay = PassthroughRelay<Int>()
    let multicast = upstream.multicast(subject: relay)
    let tracker = Tracker(demand: .max(10))
    multicast.subscribe(tracker)
    upstream.send(-1)
    let first = multicast.connect()
    let second = multicast.connect()
    upstream.send(42)
    #expect(tracker.values == [42, 42])
    first.cancel()
    upstream.send(7)
    #expect(tracker.values == [42, 42, 7])
    second.cancel()
    upstream.send(8)
    #expect(tracker.values == [42, 42, 7])
  }

  /// The relay is made once, at the first subscription, and shared by later subscribers and
  /// connections; a late subscriber gets only later values.
  @Test func theRelayIsMadeOnceAndALateSubscriberGetsLaterValues() {
    let upstream = TestSubject<Int, Never>()
    var made = 0
    let multicast = upstream.multicast { () -> PassthroughRelay<Int> in
      made += 1
      return PassthroughRelay()
    }
    #expect(made == 0)
    let early = Tracker(demand: .max(3))
    multicast.subscribe(early)
    #expect(made == 1)
    let connection = multicast.connect()
    for value in 1...4 { upstream.send(value) }
    let late = Tracker(demand: .max(2))
    multicast.subscribe(late)
    for value in 5...7 { upstream.send(value) }
    #expect(made == 1)
    #expect(early.values == [1, 2, 3])
    #expect(late.values == [5, 6])
    connection.cancel()
  }

  /// `multicast(subject:)` with a `CurrentValueRelay`: each subscriber gets its current value
  /// first, and a value sent into the relay from elsewhere reaches them too.
  @Test func aCurrentValueRelayGivesItsValueFirst() {
    let upstream = TestSubject<Int, Never>()
    let relay = CurrentValueRelay(0)
    let multicast = upstream.multicast(subject: relay)
    let tracker = Tracker(demand: .unlimited)
    multicast.subscribe(tracker)
    let connection = multicast.connect()
    upstream.send(1)
    relay.send(2)
    #expect(tracker.values == [0, 1, 2])
    #expect(relay.value == 2)
    connection.cancel()
  }

  /// With `autoconnect()`, the first subscriber connects.
  @Test func autoconnectConnectsAtTheFirstSubscriber() {
    let upstream = TestSubject<Int, Never>()
    let tracker = Tracker(demand: .unlimited)
    upstream.multicast { PassthroughRelay<Int>() }.autoconnect().subscribe(tracker)
    upstream.send(1)
    upstream.send(2)
    #expect(tracker.values == [1, 2])
    tracker.cancel()
  }
}
