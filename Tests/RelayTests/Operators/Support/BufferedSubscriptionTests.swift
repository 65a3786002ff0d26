import RelayTestSupport
import Testing

@testable import Relay

/// The per-subscriber demand buffer of `create` and `share(replay:)`, driven by hand.
@Suite struct BufferedSubscriptionTests {
  typealias Tracker = TrackingSubscriber<Int, TestingError>

  static func make(_ tracker: Tracker) -> BufferedSubscription<Tracker> {
    let subscription = BufferedSubscription(downstream: tracker, description: "Buffered")
    tracker.receive(subscription: subscription)
    return subscription
  }

  @Test func nothingIsDeliveredBeforeStart() {
    let tracker = Tracker(demand: .unlimited)
    let subscription = Self.make(tracker)
    subscription.send(1)
    subscription.send(completion: .finished)
    #expect(tracker.history == [.subscription("Buffered")])
    subscription.start()
    #expect(tracker.history == [.subscription("Buffered"), .value(1), .finished])
  }

  @Test func valuesWaitForDemandInOrder() {
    let tracker = Tracker()
    let subscription = Self.make(tracker)
    subscription.start()
    subscription.enqueue(1)
    subscription.send(2)
    #expect(tracker.history == [.subscription("Buffered")])
    subscription.request(.max(1))
    subscription.request(.max(1))
    #expect(tracker.history == [.subscription("Buffered"), .value(1), .value(2)])
  }

  @Test func theCompletionDropsWhatWaitsAndRunsTheEnd() {
    let tracker = Tracker(demand: .max(1))
    let subscription = Self.make(tracker)
    var ends = 0
    subscription.onEnd { ends += 1 }
    subscription.start()
    for value in 1...3 { subscription.send(value) }
    subscription.send(completion: .failure(.oops))
    subscription.send(4)
    subscription.request(.max(5))
    #expect(tracker.history == [.subscription("Buffered"), .value(1), .failure(.oops)])
    #expect(ends == 1)
    subscription.onEnd { ends += 10 }
    #expect(ends == 11)
  }

  @Test func aCancelStopsDeliveriesAndRunsTheEndOnce() {
    let tracker = Tracker(demand: .unlimited)
    let subscription = Self.make(tracker)
    var ends = 0
    subscription.onEnd { ends += 1 }
    subscription.start()
    subscription.send(1)
    subscription.cancel()
    subscription.cancel()
    subscription.send(2)
    subscription.send(completion: .finished)
    #expect(tracker.history == [.subscription("Buffered"), .value(1)])
    #expect(ends == 1)
  }

  @Test func aRequestFromInsideADeliveryIsCountedNotNested() {
    var depth = 0
    var deepest = 0
    var subscription: BufferedSubscription<TrackingSubscriber<Int, Never>>?
    let tracker = TrackingSubscriber<Int, Never>(
      receiveSubscription: { $0.request(.max(1)) },
      receiveValue: { _ in
        depth += 1
        deepest = max(deepest, depth)
        subscription?.request(.max(1))
        depth -= 1
        return .none
      })
    let made = BufferedSubscription(downstream: tracker, description: "Buffered")
    subscription = made
    tracker.receive(subscription: made)
    made.start()
    for value in 1...3 { made.send(value) }
    #expect(tracker.history.count == 4)
    #expect(deepest == 1)
  }
}
