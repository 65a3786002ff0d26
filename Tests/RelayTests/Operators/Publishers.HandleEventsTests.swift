import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `HandleEventsTests`, ported.
@Suite struct HandleEventsTests {
  @Test func callsEachClosureInOrder() {
    var history: [String] = []
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let tracker = TrackingSubscriber<Int, TestingError>(receiveValue: { .max($0) })
    publisher.handleEvents(
      receiveSubscription: { history.append("subscription(\($0))") },
      receiveOutput: { history.append("output(\($0))") },
      receiveCompletion: { history.append("completion(\($0))") },
      receiveCancel: { history.append("cancel") },
      receiveRequest: { history.append("request(\($0))") }
    ).subscribe(tracker)
    #expect(tracker.history == [.subscription("HandleEvents")])
    #expect(history == ["subscription(CustomSubscription)"])
    #expect(publisher.send(0) == .none)
    #expect(publisher.send(2) == .max(2))
    tracker.request(.max(14))
    #expect(subscription.history == [.requested(.max(14))])
    publisher.send(completion: .finished)
    tracker.cancel()
    #expect(
      history == [
        "subscription(CustomSubscription)", "output(0)", "output(2)", "request(max(2))",
        "request(max(14))", "completion(finished)", "cancel",
      ])
    #expect(tracker.history == [.subscription("HandleEvents"), .value(0), .value(2), .finished])
  }

  @Test func demandAskedBeforeTheUpstreamSubscribedIsKept() {
    let publisher = TestPublisher<Int, TestingError>(subscription: nil)
    var requests: [Subscribers.Demand] = []
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .max(2))
    publisher.handleEvents(receiveRequest: { requests.append($0) }).subscribe(tracker)
    // The downstream is handed the subscription only when the upstream's arrives.
    #expect(tracker.history == [])
    let subscription = TestSubscription()
    publisher.send(subscription: subscription)
    #expect(subscription.history == [.requested(.max(2))])
    #expect(requests == [.max(2)])
  }

  @Test func cancelTwiceCancelsOnce() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .unlimited, demandPerValue: .none
    ) { $0.handleEvents() }
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.cancel()
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
  }
}
