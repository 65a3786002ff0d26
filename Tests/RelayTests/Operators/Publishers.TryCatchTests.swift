import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `CatchTests` of `tryCatch`, ported.
@Suite struct TryCatchTests {
  @Test func switchesToTheNewPublisherWithTheRemainingDemand() {
    let (publisher1, subscription1, publisher2, subscription2) = twoTestPublishers()
    let tracker = TrackingSubscriber<Int, any Error>(receiveSubscription: { $0.request(.max(3)) })
    publisher1.tryCatch { _ in publisher2 }.subscribe(tracker)
    #expect(publisher1.send(1) == .none)
    publisher1.send(completion: .failure(.oops))
    #expect(subscription1.history == [.requested(.max(3))])
    #expect(subscription2.history == [.requested(.max(2))])
    #expect(publisher2.send(2) == .none)
    publisher2.send(completion: .failure(.boom))
    #expect(
      tracker.history == [
        .subscription("TryCatch"), .value(1), .value(2), .failure(TestingError.boom),
      ])
  }

  @Test func aThrowingHandlerFails() {
    let (publisher1, _, publisher2, subscription2) = twoTestPublishers()
    let tracker = TrackingSubscriber<Int, any Error>(demand: .unlimited)
    publisher1.tryCatch { error -> TestPublisher<Int, TestingError> in
      if error == .oops { throw TestingError.boom }
      return publisher2
    }.subscribe(tracker)
    publisher1.send(completion: .failure(.oops))
    publisher1.send(completion: .failure(.oops))
    #expect(tracker.history == [.subscription("TryCatch"), .failure(TestingError.boom)])
    #expect(publisher2.subscribeCount == 0)
    tracker.request(.max(1))
    tracker.cancel()
    #expect(subscription2.history == [])
  }

  @Test func finishingUpstreamNeverCallsTheHandler() {
    let (publisher1, _, publisher2, _) = twoTestPublishers()
    var calls = 0
    let tracker = TrackingSubscriber<Int, any Error>(demand: .unlimited)
    publisher1.tryCatch { _ in
      calls += 1
      return publisher2
    }.subscribe(tracker)
    publisher1.send(completion: .finished)
    #expect(calls == 0)
    #expect(tracker.history == [.subscription("TryCatch"), .finished])
  }

  @Test func aSecondSubscriptionIsCancelled() {
    let (publisher1, _, publisher2, _) = twoTestPublishers()
    publisher1.tryCatch { _ in publisher2 }.subscribe(TrackingSubscriber<Int, any Error>())
    let second = TestSubscription()
    publisher1.send(subscription: second)
    #expect(second.history == [.cancelled])
  }
}
