import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `CatchTests`, ported.
@Suite struct CatchTests {
  @Test func switchesToTheNewPublisherWithTheRemainingDemand() {
    let (publisher1, subscription1, publisher2, subscription2) = twoTestPublishers()
    var caught: [TestingError] = []
    let tracker = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(.max(5)) }, receiveValue: { _ in .max(1) })
    publisher1.catch { error -> TestPublisher<Int, TestingError> in
      caught.append(error)
      return publisher2
    }.subscribe(tracker)
    #expect(tracker.history == [.subscription("Catch")])
    #expect(subscription1.history == [.requested(.max(5))])
    #expect(publisher1.send(1) == .max(1))
    #expect(publisher1.send(2) == .max(1))
    publisher1.send(completion: .failure(.oops))
    #expect(caught == [.oops])
    #expect(subscription2.history == [.requested(.max(5))])
    #expect(publisher2.send(3) == .max(1))
    publisher2.send(completion: .failure(.boom))
    #expect(
      tracker.history == [
        .subscription("Catch"), .value(1), .value(2), .value(3), .failure(.boom),
      ])
  }

  @Test func finishingUpstreamNeverCallsTheHandler() {
    let publisher = TestPublisher<Int, TestingError>(subscription: TestSubscription())
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    publisher.catch { _ in Just(-1) }.subscribe(tracker)
    publisher.send(1)
    publisher.send(completion: .finished)
    #expect(tracker.history == [.subscription("Catch"), .value(1), .finished])
  }

  @Test func replacesAFailureWithAFallback() {
    var received: [Int] = []
    var finished = false
    _ = Fail<Int, TestingError>(error: .oops)
      .catch { _ in [7, 8].publisher }
      .sink(receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
    #expect(received == [7, 8])
    #expect(finished)
  }

  @Test func cancelReachesWhicheverPublisherIsCurrent() {
    let (publisher1, subscription1, publisher2, subscription2) = twoTestPublishers()
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    publisher1.catch { _ in publisher2 }.subscribe(tracker)
    publisher1.send(completion: .failure(.oops))
    tracker.cancel()
    #expect(subscription1.history == [.requested(.unlimited)])
    #expect(subscription2.history == [.requested(.unlimited), .cancelled])
  }
}
