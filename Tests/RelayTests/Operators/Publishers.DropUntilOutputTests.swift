import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `DropUntilOutputTests`, ported.
///
/// One deliberate difference: the other
/// publisher's completion before its first value ends the publisher once and for all (Combine
/// repeats the completion and lets later values through).
@Suite struct DropUntilOutputTests {
  @Test func valuesPassOnceTheOtherSent() {
    let (other, otherSubscription) = PrefixUntilOutputTests.trigger()
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(2), demandPerValue: .max(5)
    ) { $0.drop(untilOutputFrom: other) }
    #expect(harness.publisher.send(1) == .none)
    #expect(other.send(1000) == .none)
    #expect(harness.publisher.send(2) == .max(5))
    #expect(harness.tracker.history == [.subscription("DropUntilOutput"), .value(2)])
    // The other's completion after its first value is ignored.
    other.send(completion: .failure(.oops))
    #expect(harness.publisher.send(3) == .max(5))
    #expect(harness.tracker.history == [.subscription("DropUntilOutput"), .value(2), .value(3)])
    #expect(harness.subscription.history == [.requested(.max(2))])
    #expect(otherSubscription.history == [.requested(.max(1))])
  }

  @Test func theOthersCompletionBeforeItsValueEndsThePublisher() {
    let (other, otherSubscription) = PrefixUntilOutputTests.trigger()
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(100), demandPerValue: .max(5)
    ) { $0.drop(untilOutputFrom: other) }
    #expect(harness.publisher.send(1) == .none)
    other.send(completion: .finished)
    other.send(completion: .finished)
    #expect(harness.publisher.send(4) == .none)
    #expect(other.send(1000) == .none)
    #expect(harness.tracker.history == [.subscription("DropUntilOutput"), .finished])
    #expect(harness.subscription.history == [.requested(.max(100)), .cancelled])
    #expect(otherSubscription.history == [.requested(.max(1))])
  }

  @Test func theSubscriberHasItsSubscriptionFirstAndAsksTheUpstreamLater() {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let (other, otherSubscription) = PrefixUntilOutputTests.trigger()
    var subscribedAtSubscription: (Int, Int)?
    let tracker = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { _ in
        subscribedAtSubscription = (publisher.subscribeCount, other.subscribeCount)
      }, receiveValue: { .max($0) })
    publisher.drop(untilOutputFrom: other).subscribe(tracker)
    #expect(subscribedAtSubscription! == (0, 0))
    #expect(subscription.history == [])
    #expect(otherSubscription.history == [.requested(.max(1))])
    tracker.request(.max(4))
    #expect(subscription.history == [.requested(.max(4))])
    #expect(publisher.send(1) == .none)
    #expect(publisher.send(2) == .none)
    #expect(other.send(1000) == .none)
    #expect(publisher.send(3) == .max(3))
    #expect(publisher.send(4) == .max(4))
    #expect(tracker.history == [.subscription("DropUntilOutput"), .value(3), .value(4)])
  }

  @Test func cancelReachesBoth() {
    let (other, otherSubscription) = PrefixUntilOutputTests.trigger()
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(2)) {
      $0.drop(untilOutputFrom: other)
    }
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.request(.max(10))
    #expect(harness.publisher.send(1000) == .none)
    harness.publisher.send(completion: .finished)
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(harness.subscription.history == [.requested(.max(2)), .cancelled])
    #expect(otherSubscription.history == [.requested(.max(1)), .cancelled])
    #expect(second.history == [.cancelled])
    #expect(harness.tracker.history == [.subscription("DropUntilOutput")])
  }

  @Test func theUpstreamsCompletionPassesAndCancelsTheOther() {
    let (other, otherSubscription) = PrefixUntilOutputTests.trigger()
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(2)) {
      $0.drop(untilOutputFrom: other)
    }
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("DropUntilOutput"), .failure(.oops)])
    #expect(otherSubscription.history == [.requested(.max(1)), .cancelled])
  }
}
