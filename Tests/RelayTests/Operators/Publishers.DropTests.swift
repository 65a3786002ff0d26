import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `DropTests`, ported.
///
/// Relay passes at most one completion and nothing after it, where Combine passes every completion
/// the upstream sends.
@Suite struct DropTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>

  @Test func dropsTwoValues() {
    let harness = Harness(initialDemand: .max(42), demandPerValue: .max(3)) { $0.dropFirst(2) }
    #expect(harness.tracker.history == [.subscription("Drop")])
    #expect(harness.subscription.history == [.requested(.max(44))])
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.publisher.send(2) == .none)
    #expect(harness.publisher.send(3) == .max(3))
    #expect(harness.publisher.send(4) == .max(3))
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("Drop"), .value(3), .value(4), .finished])
    #expect(harness.subscription.history == [.requested(.max(44))])
  }

  @Test func droppingNothingPassesDemandThrough() {
    let harness = Harness(initialDemand: nil, demandPerValue: .max(1)) { $0.dropFirst(0) }
    #expect(harness.subscription.history == [])
    harness.downstreamSubscription?.request(.max(42))
    #expect(harness.subscription.history == [.requested(.max(42))])
    #expect(harness.publisher.send(1) == .max(1))
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("Drop"), .value(1), .failure(.oops)])
  }

  @Test func asksForTheValuesToSkipEvenWithoutDemand() {
    let harness = Harness { $0.dropFirst() }
    #expect(harness.subscription.history == [.requested(.max(1))])
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.request(.unlimited)
    harness.downstreamSubscription?.cancel()
    #expect(harness.subscription.history == [.requested(.max(1)), .cancelled])
  }

  @Test func secondSubscriptionIsCancelled() throws {
    let first = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: first)
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .max(2))
    publisher.dropFirst().subscribe(tracker)
    #expect(first.history == [.requested(.max(3))])
    let second = TestSubscription()
    publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
    publisher.send(subscription: first)
    #expect(first.history == [.requested(.max(3)), .cancelled])
  }

  @Test func downstreamIsSubscribedBeforeTheUpstream() {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    var historyAtSubscription: [TestSubscription.Event]?
    let tracker = TrackingSubscriber<Int, TestingError>(receiveSubscription: { _ in
      historyAtSubscription = subscription.history
    })
    publisher.dropFirst().subscribe(tracker)
    #expect(historyAtSubscription == [])
    #expect(subscription.history == [.requested(.max(1))])
  }

  @Test func demandAskedBeforeTheUpstreamSubscribedIsKept() {
    let publisher = TestPublisher<Int, TestingError>(subscription: nil)
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .max(10))
    publisher.dropFirst(4).subscribe(tracker)
    #expect(tracker.history == [.subscription("Drop")])
    let subscription = TestSubscription()
    publisher.send(subscription: subscription)
    #expect(subscription.history == [.requested(.max(14))])
  }

  @Test func nothingPassesAfterCancel() {
    let harness = Harness(initialDemand: .unlimited, demandPerValue: .none) { $0.dropFirst(0) }
    harness.publisher.send(1)
    harness.tracker.cancel()
    harness.publisher.send(2)
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("Drop"), .value(1)])
  }

  @Test func onRelays() {
    let relay = CurrentValueRelay(0)
    var received: [Int] = []
    let cancellable = relay.dropFirst().sink { received.append($0) }
    relay.send(1)
    relay.send(2)
    #expect(received == [1, 2])
    _ = cancellable
  }

  @Test func negativeCountStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = Just(1).dropFirst(-1).sink { _ in }
    }
  }
}
