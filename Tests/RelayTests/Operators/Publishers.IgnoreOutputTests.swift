import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `IgnoreOutputTests`, ported.
@Suite struct IgnoreOutputTests {
  @Test func dropsValuesAndPassesTheCompletion() {
    var upstreamAtSubscription: [TestSubscription.Event]?
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let tracker = TrackingSubscriber<Never, TestingError>(
      receiveSubscription: { _ in upstreamAtSubscription = subscription.history })
    publisher.ignoreOutput().subscribe(tracker)
    // The downstream has the upstream's own subscription before everything is asked for.
    #expect(upstreamAtSubscription == [])
    #expect(subscription.history == [.requested(.unlimited)])
    #expect(publisher.send(1) == .none)
    #expect(publisher.send(2) == .none)
    publisher.send(completion: .failure(.oops))
    #expect(tracker.history == [.subscription("CustomSubscription"), .failure(.oops)])
  }

  @Test func finishedPassesToo() {
    var finished = false
    let cancellable = [1, 2, 3].publisher.ignoreOutput().sink(
      receiveCompletion: { _ in finished = true }, receiveValue: { _ in })
    #expect(finished)
    _ = cancellable
  }

  @Test func requestsAndCancelsGoStraightUpstream() {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let tracker = TrackingSubscriber<Never, TestingError>()
    publisher.ignoreOutput().subscribe(tracker)
    tracker.request(.max(3))
    tracker.cancel()
    #expect(subscription.history == [.requested(.unlimited), .requested(.max(3)), .cancelled])
  }

  @Test func lifecycle() {
    expectLifecycle(sendValue: 31, cancellingReleasesSubscriber: true) { $0.ignoreOutput() }
  }
}
