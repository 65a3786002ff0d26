import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `EmptySubscriptionTests`, ported.
@Suite struct SubscriptionsTests {
  @Test func theEmptySubscriptionDoesNothing() {
    let empty = Subscriptions.empty
    empty.request(.max(3))
    empty.request(.unlimited)
    empty.cancel()
    empty.cancel()
    #expect("\(empty)" == "Empty")
  }

  @Test func aPublisherCanHandItOver() {
    let tracker = TrackingSubscriber<Int, Never>()
    tracker.receive(subscription: Subscriptions.empty)
    tracker.receive(completion: .finished)
    #expect(tracker.history == [.subscription("Empty"), .finished])
  }

  /// A class, one instance: a subscriber keeps it as it is, with no box to allocate.
  @Test func theEmptySubscriptionIsKeptWithoutABox() {
    let empty = Subscriptions.empty
    #expect(empty._subscriptionObject === (empty as AnyObject))
    #expect(Subscriptions.empty as AnyObject === empty as AnyObject)
  }
}
