import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `RetryTests`, ported.
@Suite struct RetryTests {
  @Test func retriesThreeTimesWithTheDemandLeft() {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let tracker = TrackingSubscriber<Int, TestingError>(receiveSubscription: { $0.request(.max(5)) }
    )
    publisher.retry(3).subscribe(tracker)
    #expect(publisher.subscribeCount == 1)
    var values: [TrackingSubscriber<Int, TestingError>.Event] = []
    for attempt in 1...4 {
      #expect(publisher.send(attempt) == .none)
      values.append(.value(attempt))
      publisher.send(completion: .failure(TestingError(description: "oops\(attempt)")))
      #expect(publisher.subscribeCount == min(attempt + 1, 4))
    }
    #expect(tracker.history == [.subscription("Retry")] + values + [.failure("oops4")])
    #expect(
      subscription.history == [
        .requested(.max(5)), .requested(.max(4)), .requested(.max(3)), .requested(.max(2)),
      ])
    #expect(publisher.send(5) == .none)
    tracker.request(.max(112))
    #expect(subscription.history.count == 4)
    #expect(tracker.history == [.subscription("Retry")] + values + [.failure("oops4")])
  }

  @Test func retryingNoTimesPassesTheFailure() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(1)) { $0.retry(0) }
    #expect(harness.publisher.send(1) == .none)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.send(2) == .none)
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("Retry"), .value(1), .failure(.oops)])
    #expect(harness.subscription.history == [.requested(.max(1))])
  }

  @Test(arguments: [nil, -1] as [Int?]) func retriesForever(retries: Int?) {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    Publishers.Retry(upstream: publisher, retries: retries).subscribe(tracker)
    for _ in 0..<100 { publisher.send(completion: .failure(.oops)) }
    #expect(publisher.subscribeCount == 101)
    #expect(tracker.history == [.subscription("Retry")])
  }

  @Test func finishingPasses() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(2)) { $0.retry(3) }
    harness.publisher.send(1)
    harness.publisher.send(completion: .failure(.oops))
    harness.publisher.send(2)
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.subscribeCount == 2)
    #expect(
      harness.tracker.history == [.subscription("Retry"), .value(1), .value(2), .finished])
  }

  @Test func demandReturnedFromAValueIsRequested() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .max(2)
    ) { $0.retry(1) }
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.subscription.history == [.requested(.max(1)), .requested(.max(2))])
  }

  @Test func anUpstreamThatFailsAtOnceIsRetriedInALoop() {
    var attempts = 0
    let failing = Deferred { () -> Fail<Int, TestingError> in
      attempts += 1
      return Fail(error: .oops)
    }
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    failing.retry(10_000).subscribe(tracker)
    #expect(attempts == 10_001)
    #expect(tracker.history == [.subscription("Retry"), .failure(.oops)])
  }

  @Test func cancelStopsTheAttemptInProgress() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(1)) { $0.retry(3) }
    harness.downstreamSubscription?.cancel()
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.subscribeCount == 1)
    #expect(harness.subscription.history == [.requested(.max(1)), .cancelled])
    #expect(harness.tracker.history == [.subscription("Retry")])
  }
}
