import Relay
import RelayTestSupport
import TestSupport
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

  /// `receiveSubscription` gets the upstream's subscription as it arrived, as Combine hands it:
  /// a value-type subscription too, not the box the operator keeps it in.
  @Test func receiveSubscriptionGetsAValueTypeSubscriptionAsItIs() {
    struct Counting: Subscription, CustomStringConvertible {
      let requests: Locked<[Subscribers.Demand]>
      func request(_ demand: Subscribers.Demand) { requests.withLock { $0.append(demand) } }
      func cancel() {}
      var description: String { "Counting" }
    }
    struct Upstream: Publisher {
      typealias Output = Int
      typealias Failure = Never
      let subscription: Counting
      func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: subscription)
      }
    }
    let requests = Locked<[Subscribers.Demand]>([])
    var received: [any Subscription] = []
    let cancellable = Upstream(subscription: Counting(requests: requests))
      .handleEvents(receiveSubscription: { received.append($0) })
      .sink { _ in }
    #expect(received.count == 1)
    #expect(received.first is Counting)
    #expect(requests.withLock { $0 } == [.unlimited])
    _ = cancellable
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
