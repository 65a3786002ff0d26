import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `DeferredTests`, ported.
@Suite struct DeferredTests {
  @Test func makesAPublisherPerSubscription() {
    var created = 0
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let deferred = Deferred { () -> TestPublisher<Int, TestingError> in
      created += 1
      return publisher
    }
    let tracker = TrackingSubscriber<Int, TestingError>()
    #expect(created == 0)
    deferred.subscribe(tracker)
    #expect(tracker.history == [.subscription("CustomSubscription")])
    #expect(created == 1)
    deferred.subscribe(tracker)
    #expect(created == 2)
    #expect(
      tracker.history == [.subscription("CustomSubscription"), .subscription("CustomSubscription")]
    )
  }
}
