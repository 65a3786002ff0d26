import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ShareTests`, ported, and the connection's lifetime.
@Suite struct ShareTests {
  @Test func firstSubscriberConnects() {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let share = publisher.share()
    #expect(subscription.history == [])
    let tracker = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(.max(42)) }, receiveValue: { .max($0) })
    share.subscribe(tracker)
    #expect(subscription.history == [.requested(.unlimited)])
    #expect(tracker.history == [.subscription("Multicast")])
    #expect(publisher.send(1) == .none)
    #expect(publisher.send(2) == .none)
    publisher.send(completion: .failure(.oops))
    #expect(subscription.history == [.requested(.unlimited)])
    #expect(
      tracker.history == [.subscription("Multicast"), .value(1), .value(2), .failure(.oops)])
  }

  @Test func lateSubscribersGetWhatFollowsAgainstTheirDemand() {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let share = publisher.share()
    let early = TrackingSubscriber<Int, TestingError>(demand: .max(3))
    share.subscribe(early)
    for value in 1...4 { #expect(publisher.send(value) == .none) }
    #expect(early.values == [1, 2, 3])
    let late = TrackingSubscriber<Int, TestingError>(demand: .max(2))
    share.subscribe(late)
    for value in 5...7 { publisher.send(value) }
    #expect(subscription.history == [.requested(.unlimited)])
    #expect(early.values == [1, 2, 3])
    #expect(late.values == [5, 6])
    publisher.send(completion: .finished)
    let latest = TrackingSubscriber<Int, TestingError>()
    share.subscribe(latest)
    #expect(publisher.subscribeCount == 1)
    #expect(early.history.last == .finished)
    #expect(late.history.last == .finished)
    #expect(latest.history == [.subscription("Multicast"), .finished])
  }

  @Test func identityIsEquality() {
    let publisher = TestPublisher<Int, TestingError>(subscription: nil)
    let share1 = publisher.share()
    let share2 = publisher.share()
    #expect(share1 == share1)
    #expect(share1 != share2)
  }

  @Test func oneUpstreamSubscriptionNoReplay() {
    let relay = CurrentValueRelay(0)
    var subscriptions = 0
    let shared = relay.handleEvents(receiveSubscription: { _ in subscriptions += 1 }).share()
    var first: [Int] = []
    var second: [Int] = []
    let a = shared.sink { first.append($0) }
    let b = shared.sink { second.append($0) }
    relay.send(1)
    #expect(subscriptions == 1)
    #expect(first == [0, 1])
    #expect(second == [1])
    _ = (a, b)
  }

  @Test func lastCancelDisconnectsAndTheNextSubscriberReconnects() {
    let subscription1 = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription1)
    let share = publisher.share()
    let a = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    let b = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    share.subscribe(a)
    share.subscribe(b)
    a.cancel()
    #expect(subscription1.history == [.requested(.unlimited)])
    publisher.send(1)
    #expect(a.values == [])
    #expect(b.values == [1])
    b.cancel()
    #expect(subscription1.history == [.requested(.unlimited), .cancelled])
    let c = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    share.subscribe(c)
    #expect(publisher.subscribeCount == 2)
  }
}
