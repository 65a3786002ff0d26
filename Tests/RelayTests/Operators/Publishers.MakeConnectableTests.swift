import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `MakeConnectableTests` (its multicast cases, as Combine builds
/// `makeConnectable()` on a multicast with a passthrough subject), ported.
@Suite struct MakeConnectableTests {
  typealias Tracker = TrackingSubscriber<Int, Never>

  @Test func valuesFlowOnlyWhileConnected() {
    #expect(
      connectionScenario { $0.makeConnectable() } == [
        .subscription("Multicast"), .value(-1), .value(42), .value(15), .finished,
      ])
  }

  /// Each `connect()` subscribes once more: two connections deliver each value twice.
  @Test func connectingTwiceSubscribesTwice() {
    let upstream = TestSubject<Int, Never>()
    let connectable = upstream.makeConnectable()
    let tracker = Tracker(demand: .max(10))
    connectable.subscribe(tracker)
    upstream.send(-1)
    let first = connectable.connect()
    let second = connectable.connect()
    #expect(upstream.subscriberCount == 2)
    upstream.send(42)
    upstream.send(completion: .finished)
    #expect(
      tracker.history == [.subscription("Multicast"), .value(42), .value(42), .finished])
    first.cancel()
    second.cancel()
  }

  @Test func aSubscriberJoiningBetweenConnectionsGetsTheValuesOfTheNext() {
    let upstream = TestSubject<Int, Never>()
    let connectable = upstream.makeConnectable()
    let tracker = Tracker(demand: .unlimited)
    connectable.subscribe(tracker)
    upstream.send(-1)
    var connection = connectable.connect()
    upstream.send(42)
    connection.cancel()
    #expect(upstream.subscriberCount == 0)
    upstream.send(100)
    connectable.subscribe(tracker)
    connection = connectable.connect()
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(
      tracker.history == [
        .subscription("Multicast"), .value(42), .subscription("Multicast"), .value(2), .value(2),
        .finished, .finished,
      ])
    connection.cancel()
  }

  @Test func eachSubscriberHasItsOwnDemandAndALateOneGetsTheCompletion() {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, Never>(subscription: subscription)
    let connectable = publisher.makeConnectable()
    let early = Tracker(demand: .max(3))
    connectable.subscribe(early)
    #expect(publisher.subscribeCount == 0)
    let connection = connectable.connect()
    #expect(connection is AnyCancellable)
    #expect(publisher.subscribeCount == 1)
    for value in 1...4 { #expect(publisher.send(value) == .none) }
    let late = Tracker(demand: .max(2))
    connectable.subscribe(late)
    for value in 5...7 { publisher.send(value) }
    publisher.send(completion: .finished)
    let latest = Tracker()
    connectable.subscribe(latest)
    #expect(subscription.history == [.requested(.unlimited)])
    #expect(
      early.history == [.subscription("Multicast"), .value(1), .value(2), .value(3), .finished])
    #expect(late.history == [.subscription("Multicast"), .value(5), .value(6), .finished])
    #expect(latest.history == [.subscription("Multicast"), .finished])
  }

  /// A subscriber that cancels stops receiving; the connection goes on for the others.
  @Test func aCancelledSubscriberLeavesTheOthersConnected() throws {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, Never>(subscription: subscription)
    let connectable = publisher.makeConnectable()
    let (leaving, staying) = (Tracker(demand: .unlimited), Tracker(demand: .unlimited))
    connectable.subscribe(leaving)
    connectable.subscribe(staying)
    let connection = connectable.connect()
    publisher.send(1)
    leaving.cancel()
    publisher.send(2)
    #expect(leaving.values == [1])
    #expect(staying.values == [1, 2])
    #expect(subscription.history == [.requested(.unlimited)])
    connection.cancel()
  }

  /// Apple's example: both subscribers attach before the sequence starts, and both receive it.
  @Test func subscribersAttachedBeforeConnectingReceiveEverything() {
    let connectable = [1, 2, 3].publisher.makeConnectable()
    let (first, second) = (Tracker(demand: .unlimited), Tracker(demand: .unlimited))
    connectable.subscribe(first)
    connectable.subscribe(second)
    #expect(first.values.isEmpty)
    let connection = connectable.connect()
    #expect(
      first.history == [.subscription("Multicast"), .value(1), .value(2), .value(3), .finished])
    #expect(second.history == first.history)
    connection.cancel()
  }
}
