import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `FlatMapTests`, ported.
///
/// Relay asks the upstream for nothing when `maxPublishers` is `.none` (Combine requests `.none`,
/// which Relay forbids) and cancels the upstream too when a child fails.
@Suite struct FlatMapTests {
  typealias Child = TestPublisher<Int, TestingError>
  typealias Upstream = TestPublisher<Child, TestingError>

  /// A subject of subjects flat-mapped into a tracker that asks for everything, which was sent
  /// two children.
  struct TwoChildren<Failure: Error> {
    let upstream = TestSubject<TestSubject<Int, Failure>, Failure>()
    let child1 = TestSubject<Int, Failure>()
    let child2 = TestSubject<Int, Failure>()
    let tracker = TrackingSubscriber<Int, Failure>(demand: .unlimited)

    init() {
      upstream.flatMap { $0 }.subscribe(tracker)
      upstream.send(child1)
      upstream.send(child2)
    }
  }

  @Test func sequencesWithASink() {
    var history: [Int] = []
    _ = (1..<5).publisher.flatMap { ($0..<$0 + 4).publisher }.sink { history.append($0) }
    #expect(history == [1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 7])
  }

  @Test func oneByOneWithTwoPublishersAtATime() {
    let tracker = TrackingSubscriber<Int, Never>(
      receiveSubscription: { $0.request(.max(1)) }, receiveValue: { _ in .max(1) })
    (1..<5).publisher.flatMap(maxPublishers: .max(2)) { ($0..<$0 + 4).publisher }
      .subscribe(tracker)
    #expect(tracker.values == [1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 7])
    #expect(tracker.completions.count == 1)
    #expect(tracker.history.first == .subscription("FlatMap"))
  }

  @Test func downstreamIsSubscribedBeforeTheUpstream() {
    let subscription = TestSubscription()
    let upstream = Upstream(subscription: subscription)
    var upstreamWasSubscribed: Bool?
    let tracker = TrackingSubscriber<Int, TestingError>(receiveSubscription: { _ in
      upstreamWasSubscribed = upstream.subscribeCount > 0
    })
    upstream.flatMap(maxPublishers: .max(3)) { $0 }.subscribe(tracker)
    #expect(upstreamWasSubscribed == false)
    #expect(subscription.history == [.requested(.max(3))])
    let none = TestSubscription()
    TestPublisher<Child, TestingError>(subscription: none).flatMap(maxPublishers: .none) { $0 }
      .subscribe(TrackingSubscriber<Int, TestingError>())
    #expect(none.history == [])
  }

  @Test func sendsChildValues() {
    let flat = TwoChildren<TestingError>()
    flat.child1.send(666)
    flat.child2.send(777)
    #expect(flat.tracker.history == [.subscription("FlatMap"), .value(666), .value(777)])
  }

  @Test func justChildrenDeliverWhileSubscribing() {
    var values: [Int] = []
    let relay = PassthroughRelay<Int>()
    let cancellable = relay.flatMap { Just($0 * 10) }.sink { values.append($0) }
    relay.send(1)
    relay.send(2)
    #expect(values == [10, 20])
    _ = cancellable
  }

  @Test func cancelCancelsTheUpstreamAndEveryChild() {
    let upstreamSubscription = TestSubscription()
    let upstream = Upstream(subscription: upstreamSubscription)
    let childSubscription = TestSubscription()
    let child = Child(subscription: childSubscription)
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .max(3))
    upstream.flatMap { $0 }.subscribe(tracker)
    upstream.send(child)
    tracker.cancel()
    tracker.cancel()
    #expect(upstreamSubscription.history == [.requested(.unlimited), .cancelled])
    #expect(childSubscription.history == [.requested(.max(1)), .cancelled])
  }

  @Test func asksTheUpstreamForMaxPublishers() {
    let bounded = TestSubscription()
    TestPublisher<Int, Never>(subscription: bounded).flatMap(maxPublishers: .max(2)) { Just($0) }
      .subscribe(TrackingSubscriber<Int, Never>(demand: .unlimited))
    #expect(bounded.history == [.requested(.max(2))])
    let unbounded = TestSubscription()
    TestPublisher<Int, Never>(subscription: unbounded).flatMap { Just($0) }
      .subscribe(TrackingSubscriber<Int, Never>(demand: .unlimited))
    #expect(unbounded.history == [.requested(.unlimited)])
  }

  @Test func childDemandWhenUnlimited() {
    let upstream = TestSubject<Void, Never>()
    let childSubscription = TestSubscription()
    let child = TestPublisher<Int, Never>(subscription: childSubscription)
    upstream.flatMap { _ in child }.subscribe(TrackingSubscriber<Int, Never>(demand: .unlimited))
    upstream.send(())
    #expect(childSubscription.history == [.requested(.unlimited)])
    #expect(child.send(666) == .none)
  }

  @Test func childDemandWhenBounded() {
    let upstream = TestSubject<AnyPublisher<Int, Never>, Never>()
    let subscription1 = TestSubscription()
    let child1 = TestPublisher<Int, Never>(subscription: subscription1)
    let subscription2 = TestSubscription()
    let child2 = TestPublisher<Int, Never>(subscription: subscription2)
    let tracker = TrackingSubscriber<Int, Never>(demand: .max(2))
    upstream.flatMap { $0 }.subscribe(tracker)
    upstream.send(child1.eraseToAnyPublisher())
    upstream.send(child2.eraseToAnyPublisher())
    #expect(subscription1.history == [.requested(.max(1))])
    #expect(subscription2.history == [.requested(.max(1))])
    #expect(child1.send(666) == .max(1))
    #expect(child1.send(777) == .max(1))
    #expect(child1.send(888) == .none)
    #expect(child1.send(999) == .none)
    #expect(tracker.values == [666, 777])
    tracker.request(.max(10))
    // One more asked of the child for each waiting value delivered, as Combine does.
    #expect(
      subscription1.history == [.requested(.max(1)), .requested(.max(1)), .requested(.max(1))])
    #expect(subscription2.history == [.requested(.max(1))])
    #expect(tracker.values == [666, 777, 888, 999])
  }

  @Test func demandFromBoundedToUnlimited() {
    let upstream = TestSubject<Void, Never>()
    let childSubscription = TestSubscription()
    let child = TestPublisher<Int, Never>(subscription: childSubscription)
    let tracker = TrackingSubscriber<Int, Never>(demand: .max(3))
    upstream.flatMap { _ in child }.subscribe(tracker)
    upstream.send(())
    #expect(childSubscription.history == [.requested(.max(1))])
    tracker.request(.unlimited)
    #expect(childSubscription.history == [.requested(.max(1)), .requested(.unlimited)])
  }

  @Test func childValueFromInsideTheDownstream() {
    let upstreamSubscription = TestSubscription()
    let upstream = Upstream(subscription: upstreamSubscription)
    let subscription1 = TestSubscription()
    let subscription2 = TestSubscription()
    let child1 = Child(subscription: subscription1)
    let child2 = Child(subscription: subscription2)
    var reentered = false
    let tracker = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(.max(2)) },
      receiveValue: { _ in
        if !reentered {
          reentered = true
          _ = child2.send(777)
        }
        return .none
      })
    upstream.flatMap { $0 }.subscribe(tracker)
    #expect(upstream.send(child1) == .none)
    #expect(upstream.send(child2) == .none)
    #expect(child1.send(666) == .max(1))
    #expect(upstreamSubscription.history == [.requested(.unlimited)])
    #expect(tracker.history == [.subscription("FlatMap"), .value(666), .value(777)])
    #expect(subscription1.history == [.requested(.max(1))])
    #expect(subscription2.history == [.requested(.max(1))])
  }

  /// The downstream's returned demand delivers a waiting value and asks its child for one more;
  /// a cancel made from inside that request ends the deliveries, and the waiting value never
  /// reaches the downstream after `cancel()` returned.
  @Test func cancellingFromInsideAChildsRequestEndsTheDeliveries() {
    let upstream = Upstream(subscription: TestSubscription())
    let subscription2 = TestSubscription()
    let child1 = Child(subscription: TestSubscription())
    let child2 = Child(subscription: subscription2)
    let downstream = CancellingFromRequest(
      demand: .max(1), armedAfter: 1, upstreams: [subscription2],
      onValue: { _ in _ = child2.send(777) })  // no demand left: it waits
    upstream.flatMap { $0 }.subscribe(downstream.tracker)
    _ = upstream.send(child1)
    _ = upstream.send(child2)
    _ = child1.send(666)
    #expect(downstream.log == downstream.expected)
    #expect(downstream.tracker.values == [666])
  }

  @Test func finishesWhenTheUpstreamAndEveryChildFinished() {
    let flat = TwoChildren<Never>()
    flat.child1.send(666)
    flat.child1.send(completion: .finished)
    flat.child2.send(777)
    flat.child2.send(completion: .finished)
    #expect(flat.tracker.history == [.subscription("FlatMap"), .value(666), .value(777)])
    flat.upstream.send(completion: .finished)
    #expect(
      flat.tracker.history == [.subscription("FlatMap"), .value(666), .value(777), .finished])
  }

  @Test func childFinishingAfterTheUpstreamFinishes() {
    let childSubscription = TestSubscription()
    let child = Child(subscription: childSubscription)
    let harness = OperatorHarness<Child, TestingError, Publishers.FlatMap<Child, Upstream>> {
      $0.flatMap(maxPublishers: .max(1)) { $0 }
    }
    #expect(harness.publisher.send(child) == .none)
    #expect(harness.subscription.history == [.requested(.max(1))])
    #expect(childSubscription.history == [.requested(.max(1))])
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("FlatMap")])
    child.send(completion: .finished)
    child.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("FlatMap"), .finished])
    #expect(harness.subscription.history == [.requested(.max(1))])
  }

  @Test func asksForOneMorePublisherWhenAChildFinishes() {
    let child = Child(subscription: TestSubscription())
    let harness = OperatorHarness<Child, TestingError, Publishers.FlatMap<Child, Upstream>>(
      initialDemand: .unlimited, demandPerValue: .none
    ) { $0.flatMap(maxPublishers: .max(1)) { $0 } }
    harness.publisher.send(child)
    child.send(completion: .finished)
    #expect(harness.subscription.history == [.requested(.max(1)), .requested(.max(1))])
  }

  @Test func doesNotFinishWithWaitingValues() {
    let upstream = TestSubject<Void, Never>()
    let child = TestPublisher<Int, Never>(subscription: TestSubscription())
    let tracker = TrackingSubscriber<Int, Never>(demand: .max(1))
    upstream.flatMap { _ in child }.subscribe(tracker)
    upstream.send(())
    #expect(child.send(666) == .max(1))
    #expect(child.send(777) == .none)
    upstream.send(completion: .finished)
    child.send(completion: .finished)
    #expect(tracker.history == [.subscription("FlatMap"), .value(666)])
    tracker.request(.unlimited)
    #expect(tracker.history == [.subscription("FlatMap"), .value(666), .value(777), .finished])
  }

  @Test func upstreamFailureCancelsTheChildrenFirst() {
    let childSubscription = TestSubscription()
    let child1 = Child(subscription: childSubscription)
    var historyAtFailure: [TestSubscription.Event]?
    let upstreamSubscription = TestSubscription()
    let upstream = Upstream(subscription: upstreamSubscription)
    let tracker = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(.max(4)) },
      receiveCompletion: { _ in historyAtFailure = childSubscription.history })
    upstream.flatMap(maxPublishers: .max(3)) { $0 }.subscribe(tracker)
    upstream.send(child1)
    upstream.send(completion: .failure(.oops))
    upstream.send(completion: .failure(.oops))
    let child2 = Child(subscription: nil)
    upstream.send(child2)
    #expect(historyAtFailure == [.requested(.max(1)), .cancelled])
    #expect(tracker.history == [.subscription("FlatMap"), .failure(.oops)])
    #expect(upstreamSubscription.history == [.requested(.max(3))])
    #expect(child2.subscribeCount == 0)
  }

  @Test func childFailureCancelsTheOtherChildren() {
    let subscriptions = (0..<3).map { _ in TestSubscription() }
    let children = subscriptions.map { Child(subscription: $0) }
    let harness = OperatorHarness<Child, TestingError, Publishers.FlatMap<Child, Upstream>>(
      initialDemand: .unlimited, demandPerValue: .none
    ) { $0.flatMap { $0 } }
    for child in children { harness.publisher.send(child) }
    children[1].send(completion: .failure(.oops))
    #expect(subscriptions[0].history == [.requested(.unlimited), .cancelled])
    #expect(subscriptions[1].history == [.requested(.unlimited)])
    #expect(subscriptions[2].history == [.requested(.unlimited), .cancelled])
    #expect(harness.tracker.history == [.subscription("FlatMap"), .failure(.oops)])
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test func overloadsForNeverFailingSides() {
    let relay = PassthroughRelay<Int>()
    let failing:
      Publishers.FlatMap<
        Fail<Int, TestingError>, Publishers.SetFailureType<PassthroughRelay<Int>, TestingError>
      > =
        relay.flatMap { _ in Fail<Int, TestingError>(error: .oops) }
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    failing.subscribe(tracker)
    relay.send(1)
    #expect(tracker.history == [.subscription("FlatMap"), .failure(.oops)])

    let upstream = TestSubject<Int, TestingError>()
    let neverFailing = upstream.flatMap { Just($0) }
    let other = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    neverFailing.subscribe(other)
    upstream.send(5)
    #expect(other.values == [5])

    let neither: Publishers.FlatMap<Just<Int>, PassthroughRelay<Int>> = relay.flatMap { Just($0) }
    _ = neither
  }
}
