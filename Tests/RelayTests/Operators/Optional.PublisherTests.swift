import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `OptionalPublisherTests`, ported.
@Suite struct OptionalPublisherTests {
  @Test func aValueWaitsForTheFirstRequest() {
    let tracker = TrackingSubscriber<Int, Never>()
    Optional(42).publisher.subscribe(tracker)
    #expect(tracker.history == [.subscription("Optional")])
    tracker.request(.max(1))
    tracker.request(.max(1))
    #expect(tracker.history == [.subscription("Optional"), .value(42), .finished])
  }

  @Test func nilFinishesAtOnce() {
    let tracker = TrackingSubscriber<Int, Never>()
    Int?.none.publisher.subscribe(tracker)
    #expect(tracker.history == [.subscription("Empty"), .finished])
  }

  @Test func cancellingOnTheSubscriptionSendsNothing() {
    let tracker = TrackingSubscriber<Int, Never>(receiveSubscription: { $0.cancel() })
    Optional(1).publisher.subscribe(tracker)
    tracker.request(.max(1))
    #expect(tracker.history == [.subscription("Optional")])
  }

  @Test func cancellingFromTheValueStopsTheCompletion() {
    var subscription: (any Subscription)?
    let tracker = TrackingSubscriber<Int, Never>(
      receiveSubscription: {
        subscription = $0
        $0.request(.unlimited)
      },
      receiveValue: { _ in
        subscription?.cancel()
        return .none
      })
    Optional.Publisher(7).subscribe(tracker)
    #expect(tracker.history == [.subscription("Optional"), .value(7)])
  }

  @Test func requestingNoneStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      Optional(1).publisher.subscribe(
        TrackingSubscriber<Int, Never>(receiveSubscription: { $0.request(.none) }))
    }
  }
}
