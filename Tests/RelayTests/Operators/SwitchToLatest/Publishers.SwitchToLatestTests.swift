import Relay
import RelayTestSupport
import TestSupport
import Testing

/// OpenCombine's `SwitchToLatestTests`, ported.
///
/// Relay drops a value an inner publisher sends beyond the demand (Combine crashes on it).
@Suite struct SwitchToLatestTests {
  typealias Child = TestPublisher<Int, TestingError>
  typealias Upstream = TestPublisher<Child, TestingError>

  @Test func sequencesWithASink() {
    var history: [Int] = []
    _ = (1..<5).publisher.map { ($0..<$0 + 4).publisher }.switchToLatest()
      .sink { history.append($0) }
    #expect(history == [1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 7])
  }

  @Test func oneByOne() {
    let tracker = TrackingSubscriber<Int, Never>(
      receiveSubscription: { $0.request(.max(1)) }, receiveValue: { _ in .max(1) })
    (1..<5).publisher.map { ($0..<$0 + 4).publisher }.switchToLatest().subscribe(tracker)
    #expect(tracker.values == [1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 7])
    #expect(tracker.completions.count == 1)
  }

  @Test func onlyTheLatestPublisherIsHeard() {
    let upstream = TestSubject<TestSubject<Int, TestingError>, TestingError>()
    let child1 = TestSubject<Int, TestingError>()
    let child2 = TestSubject<Int, TestingError>()
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    upstream.switchToLatest().subscribe(tracker)
    upstream.send(child1)
    upstream.send(child2)
    child1.send(666)
    child2.send(777)
    child1.send(888)
    child2.send(999)
    #expect(tracker.history == [.subscription("SwitchToLatest"), .value(777), .value(999)])
  }

  @Test func theRemainingDemandMovesToEachNewPublisher() {
    let harness = OperatorHarness<Child, TestingError, Publishers.SwitchToLatest<Child, Upstream>>(
      initialDemand: nil, demandPerValue: .max(5)
    ) { $0.switchToLatest() }
    #expect(harness.tracker.history == [.subscription("SwitchToLatest")])
    #expect(harness.subscription.history == [.requested(.unlimited)])
    let subscription1 = TestSubscription()
    let nested1 = Child(subscription: subscription1)
    #expect(harness.publisher.send(nested1) == .none)
    #expect(subscription1.history == [])
    harness.downstreamSubscription?.request(.max(1))
    #expect(subscription1.history == [.requested(.max(1))])
    nested1.send(completion: .finished)
    harness.downstreamSubscription?.request(.max(41))
    harness.downstreamSubscription?.request(.max(1))
    #expect(subscription1.history == [.requested(.max(1))])
    let subscription2 = TestSubscription()
    let nested2 = Child(subscription: subscription2)
    #expect(harness.publisher.send(nested2) == .none)
    #expect(subscription2.history == [.requested(.max(43))])
    #expect(nested2.send(1) == .max(5))
    #expect(nested2.send(2) == .max(5))
    let subscription3 = TestSubscription()
    let nested3 = Child(subscription: subscription3)
    #expect(harness.publisher.send(nested3) == .none)
    #expect(subscription2.history == [.requested(.max(43)), .cancelled])
    #expect(subscription3.history == [.requested(.max(51))])
    harness.publisher.send(completion: .finished)
    harness.downstreamSubscription?.request(.max(9))
    #expect(subscription3.history == [.requested(.max(51)), .requested(.max(9))])
  }

  /// A cancel made from inside the child's request, which the downstream's returned demand
  /// causes after a waiting value, ends the deliveries: the next waiting value never reaches
  /// the downstream after `cancel()` returned.
  @Test func cancellingFromInsideTheChildsRequestEndsTheDeliveries() {
    let upstream = Upstream(subscription: TestSubscription())
    let childSubscription = TestSubscription()
    let child = Child(subscription: childSubscription)
    // Each of the first two values sends the next from inside: it waits behind the delivery.
    let downstream = CancellingFromRequest(
      demand: .max(2), armedAfter: 2, upstreams: [childSubscription],
      onValue: { count in if count < 3 { _ = child.send(count + 1) } })
    upstream.switchToLatest().subscribe(downstream.tracker)
    _ = upstream.send(child)
    _ = child.send(1)
    #expect(downstream.log == downstream.expected)
    #expect(downstream.tracker.values == [1, 2])
  }

  @Test func valueBeyondTheDemandIsDropped() {
    let harness = OperatorHarness<Child, TestingError, Publishers.SwitchToLatest<Child, Upstream>> {
      $0.switchToLatest()
    }
    let nested = Child(subscription: TestSubscription())
    harness.publisher.send(nested)
    #expect(nested.send(-1) == .none)
    #expect(harness.tracker.history == [.subscription("SwitchToLatest")])
  }

  @Test func cancelCancelsTheChildThenTheUpstream() {
    let upstreamSubscription = TestSubscription()
    let upstream = TestPublisher<TestPublisher<Int, Never>, Never>(
      subscription: upstreamSubscription)
    let childSubscription = TestSubscription()
    let child = TestPublisher<Int, Never>(subscription: childSubscription)
    var childHistoryWhenUpstreamCancelled: [TestSubscription.Event]?
    upstreamSubscription.onCancel = {
      childHistoryWhenUpstreamCancelled = childSubscription.history
    }
    let tracker = TrackingSubscriber<Int, Never>(demand: .max(42))
    upstream.switchToLatest().subscribe(tracker)
    upstream.send(child)
    tracker.subscription?.cancel()
    tracker.subscription?.cancel()
    #expect(upstreamSubscription.history == [.requested(.unlimited), .cancelled])
    #expect(childSubscription.history == [.requested(.max(42)), .cancelled])
    #expect(childHistoryWhenUpstreamCancelled == [.requested(.max(42)), .cancelled])
  }

  @Test func innerFailureFailsAndCancelsTheUpstream() {
    let harness = OperatorHarness<Child, TestingError, Publishers.SwitchToLatest<Child, Upstream>>(
      initialDemand: .max(1), demandPerValue: .max(1)
    ) { $0.switchToLatest() }
    let subscription = TestSubscription()
    let nested = Child(subscription: subscription)
    harness.publisher.send(nested)
    #expect(nested.send(1) == .max(1))
    #expect(nested.send(2) == .max(1))
    nested.send(completion: .failure(.oops))
    nested.send(completion: .failure(.oops))
    nested.send(completion: .finished)
    #expect(nested.send(-1) == .none)
    #expect(
      harness.tracker.history == [
        .subscription("SwitchToLatest"), .value(1), .value(2), .failure(.oops),
      ])
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
    #expect(subscription.history == [.requested(.max(1))])
  }

  /// A subject of subjects switched to the latest, its first child sent, and a tracker that
  /// asks for everything.
  static func switchedToAChild() -> (
    upstream: TestSubject<TestSubject<Int, Never>, Never>, child: TestSubject<Int, Never>,
    tracker: TrackingSubscriber<Int, Never>
  ) {
    let upstream = TestSubject<TestSubject<Int, Never>, Never>()
    let child = TestSubject<Int, Never>()
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    upstream.switchToLatest().subscribe(tracker)
    upstream.send(child)
    return (upstream, child, tracker)
  }

  @Test func finishingOrders() {
    // The upstream first, then the child.
    let (upstream, child, tracker) = Self.switchedToAChild()
    upstream.send(completion: .finished)
    #expect(tracker.history == [.subscription("SwitchToLatest")])
    child.send(1)
    child.send(completion: .finished)
    #expect(tracker.history == [.subscription("SwitchToLatest"), .value(1), .finished])

    // The child first, then the upstream.
    let (upstream2, child2, tracker2) = Self.switchedToAChild()
    child2.send(completion: .finished)
    #expect(tracker2.history == [.subscription("SwitchToLatest")])
    upstream2.send(completion: .finished)
    #expect(tracker2.history == [.subscription("SwitchToLatest"), .finished])
  }

  @Test func outerFailureCancelsTheChild() {
    let upstream = TestSubject<Child, TestingError>()
    let childSubscription = TestSubscription()
    let child = Child(subscription: childSubscription)
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    upstream.switchToLatest().subscribe(tracker)
    upstream.send(child)
    upstream.send(completion: .failure(.oops))
    #expect(child.send(1) == .none)
    #expect(tracker.history == [.subscription("SwitchToLatest"), .failure(.oops)])
    #expect(childSubscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test func searchAsYouTypeWithANeverFailingQuery() {
    let query = CurrentValueRelay("")
    let results = query.map { text in
      Just(text.uppercased()).setFailureType(to: TestingError.self)
    }.switchToLatest()
    let tracker = TrackingSubscriber<String, TestingError>(demand: .unlimited)
    results.subscribe(tracker)
    query.send("a")
    query.send("ab")
    #expect(tracker.values == ["", "A", "AB"])

    let neverFailingChildren = TestSubject<Just<Int>, TestingError>()
    let other = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    neverFailingChildren.switchToLatest().subscribe(other)
    neverFailingChildren.send(Just(3))
    #expect(other.values == [3])
  }

  /// The subscriptions it lets go when the upstream or the current publisher finishes go away
  /// outside its lock: their deinit may call back into it (here, a request), which would
  /// deadlock under the lock.
  @Test func finishedSubscriptionsAreReleasedOutsideTheLock() {
    let finished = finishesWithin {
      let upstream = TestPublisher<TestPublisher<Int, Never>, Never>(subscription: nil)
      var downstream: (any Subscription)?
      let tracker = TrackingSubscriber<Int, Never>(receiveSubscription: {
        downstream = $0
        $0.request(.unlimited)
      })
      upstream.switchToLatest().subscribe(tracker)
      upstream.send(subscription: TestSubscription(onDeinit: { downstream?.request(.max(1)) }))
      let child = TestPublisher<Int, Never>(subscription: nil)
      _ = upstream.send(child)
      child.send(subscription: TestSubscription(onDeinit: { downstream?.request(.max(1)) }))
      _ = child.send(7)
      child.send(completion: .finished)
      upstream.send(completion: .finished)
      #expect(
        tracker.history == [.subscription("SwitchToLatest"), .value(7), .completion(.finished)])
    }
    #expect(finished)
  }
}
