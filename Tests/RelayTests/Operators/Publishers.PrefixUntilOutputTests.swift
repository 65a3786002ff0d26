import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `PrefixUntilOutputTests`, ported.
@Suite struct PrefixUntilOutputTests {
  @Test func theOthersFirstValueFinishes() {
    let (trigger, triggerSubscription) = Self.trigger()
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(3), demandPerValue: .max(2)
    ) { $0.prefix(untilOutputFrom: trigger) }
    #expect(harness.subscription.history == [.requested(.max(3))])
    #expect(triggerSubscription.history == [.requested(.max(1))])
    #expect(harness.publisher.send(1) == .max(2))
    #expect(harness.publisher.send(2) == .max(2))
    #expect(trigger.send(1000) == .none)
    #expect(harness.publisher.send(3) == .none)
    #expect(trigger.send(1001) == .none)
    harness.publisher.send(completion: .finished)
    let expected: [TrackingSubscriber<Int, TestingError>.Event] = [
      .subscription("PrefixUntilOutput"), .value(1), .value(2), .finished,
    ]
    #expect(harness.tracker.history == expected)
    #expect(harness.subscription.history == [.requested(.max(3)), .cancelled])
    #expect(triggerSubscription.history == [.requested(.max(1))])
  }

  @Test func theUpstreamsCompletionCancelsTheOther() {
    let (trigger, triggerSubscription) = Self.trigger()
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.prefix(untilOutputFrom: trigger)
    }
    harness.publisher.send(completion: .failure(.oops))
    #expect(trigger.send(1) == .none)
    #expect(harness.tracker.history == [.subscription("PrefixUntilOutput"), .failure(.oops)])
    #expect(triggerSubscription.history == [.requested(.max(1)), .cancelled])
  }

  @Test(arguments: [true, false]) func theOthersCompletionEndsNothing(fails: Bool) {
    let (trigger, _) = Self.trigger()
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.prefix(untilOutputFrom: trigger)
    }
    trigger.send(completion: fails ? .failure(.oops) : .finished)
    #expect(harness.publisher.send(5) == .none)
    #expect(harness.tracker.history == [.subscription("PrefixUntilOutput"), .value(5)])
    #expect(harness.subscription.history == [.requested(.unlimited)])
  }

  @Test func cancelReachesBoth() {
    let (trigger, triggerSubscription) = Self.trigger()
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(1)) {
      $0.prefix(untilOutputFrom: trigger)
    }
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.request(.max(5))
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.subscription.history == [.requested(.max(1)), .cancelled])
    #expect(triggerSubscription.history == [.requested(.max(1)), .cancelled])
    #expect(harness.tracker.history == [.subscription("PrefixUntilOutput")])
  }

  /// Combine sends `.finished` at once, before any subscription; Relay keeps the contract.
  @Test func theOtherSendingBeforeTheUpstreamSubscribes() {
    let (trigger, triggerSubscription) = Self.trigger()
    let upstream = TestPublisher<Int, TestingError>(subscription: nil)
    let tracker = TrackingSubscriber<Int, TestingError>()
    upstream.prefix(untilOutputFrom: trigger).subscribe(tracker)
    #expect(triggerSubscription.history == [.requested(.max(1))])
    #expect(trigger.send(-1) == .none)
    #expect(tracker.history == [])
    let subscription = TestSubscription()
    upstream.send(subscription: subscription)
    #expect(subscription.history == [.cancelled])
    #expect(tracker.history == [.subscription("PrefixUntilOutput"), .finished])
  }

  @Test func aSecondSubscriptionIsCancelled() {
    let (trigger, _) = Self.trigger()
    expectCancelsASecondSubscription { $0.prefix(untilOutputFrom: trigger) }
  }

  @Test func onRelays() {
    let values = PassthroughRelay<Int>()
    let stop = PassthroughRelay<Void>()
    var received: [Int] = []
    var finished = false
    let cancellable = values.prefix(untilOutputFrom: stop).sink(
      receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
    values.send(1)
    values.send(2)
    stop.send(())
    values.send(3)
    #expect(received == [1, 2])
    #expect(finished)
    _ = cancellable
  }

  static func trigger() -> (TestPublisher<Int, TestingError>, TestSubscription) {
    let subscription = TestSubscription()
    return (TestPublisher(subscription: subscription), subscription)
  }
}
