import RelayTestSupport
import TestSupport
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

  /// With demand and nothing waiting, a value goes straight to the subscriber: the queue of
  /// waiting values is never allocated.
  @Test func aValueWithDemandAndNothingWaitingSkipsTheQueue() {
    let tracker = Tracker(demand: .max(2), perValue: .max(1))
    let subscription = Self.make(tracker)
    subscription.start()
    for value in 1...100 { subscription.send(value) }
    #expect(tracker.values == Array(1...100))
    #expect(subscription.waitingCapacity == 0)
  }

  /// A value sent from inside a delivery waits for it, and for the values that waited before
  /// it, and is delivered before a value sent afterwards from outside.
  @Test func aValueSentFromInsideADeliveryDoesNotOvertake() {
    var subscription: BufferedSubscription<TrackingSubscriber<Int, Never>>?
    var depth = 0
    var deepest = 0
    let tracker = TrackingSubscriber<Int, Never>(
      receiveSubscription: { $0.request(.unlimited) },
      receiveValue: { value in
        depth += 1
        deepest = max(deepest, depth)
        if value == 1 { subscription?.send(10) }
        if value == 10 { subscription?.send(20) }
        depth -= 1
        return .none
      })
    let made = BufferedSubscription(downstream: tracker, description: "Buffered")
    subscription = made
    tracker.receive(subscription: made)
    made.start()
    made.send(1)
    made.send(2)
    #expect(tracker.values == [1, 10, 20, 2])
    #expect(deepest == 1)
  }

  /// Threads send at once while the subscriber's demand comes one value at a time: each
  /// thread's values arrive in its order, every value once, one call at a time.
  @Test func concurrentSendersKeepEachThreadsOrder() {
    let (threads, count) = (4, 500)
    let calls = Locked((inside: 0, most: 0))
    let tracker = TrackingSubscriber<Int, Never>(
      receiveSubscription: { $0.request(.max(3)) },
      receiveValue: { _ in
        calls.withLock { $0 = (inside: $0.inside + 1, most: max($0.most, $0.inside + 1)) }
        calls.withLock { $0.inside -= 1 }
        return .max(1)
      })
    let subscription = BufferedSubscription(downstream: tracker, description: "Buffered")
    tracker.receive(subscription: subscription)
    subscription.start()
    runConcurrently(threads: threads) { thread in
      for index in 0..<count { subscription.send(thread * count + index) }
    }
    let values = tracker.values
    #expect(values.count == threads * count)
    #expect(Set(values).count == threads * count)
    for thread in 0..<threads {
      let own = values.filter { $0 / count == thread }
      #expect(own == Array(thread * count..<(thread + 1) * count), "thread \(thread)")
    }
    #expect(calls.withLock { $0.most } == 1)
  }
}
