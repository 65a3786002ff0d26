import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `MapTests` (Combine's outcomes).
///
/// `map` passes the upstream's subscription through, as Combine's does, so its subscriber sees the
/// upstream's subscription, and requests and cancels reach the upstream unchanged.
@Suite struct MapTests {
  typealias Tracking = TrackingSubscriber<Int, TestingError>

  @Test func empty() {
    let tracking = TrackingSubscriber<String, TestingError>(receiveSubscription: {
      $0.request(.unlimited)
    })
    TestSubject<Int, TestingError>().map(String.init).subscribe(tracking)
    #expect(tracking.history == [.subscription("PassthroughSubject")])
  }

  @Test func passesEveryCompletionThrough() {
    let publisher = TestPublisher<Int, TestingError>(subscription: TestSubscription())
    let tracking = Tracking(receiveSubscription: { $0.request(.unlimited) })
    publisher.map { $0 * 2 }.subscribe(tracking)
    publisher.send(completion: .failure(.oops))
    publisher.send(completion: .failure(.oops))
    #expect(
      tracking.history == [
        .subscription("CustomSubscription"), .completion(.failure(.oops)),
        .completion(.failure(.oops)),
      ])
  }

  @Test func range() {
    let subject = TestSubject<Int, TestingError>()
    let tracking = Tracking(receiveSubscription: { $0.request(.unlimited) })
    subject.send(1)
    subject.map { $0 * 2 }.subscribe(tracking)
    subject.send(2)
    subject.send(3)
    subject.send(completion: .finished)
    subject.send(5)
    #expect(
      tracking.history == [
        .subscription("PassthroughSubject"), .value(4), .value(6), .completion(.finished),
      ])
  }

  @Test func noDemandAsksNothing() {
    let subscription = TestSubscription()
    TestPublisher<Int, TestingError>(subscription: subscription).map { $0 * 2 }
      .subscribe(Tracking())
    #expect(subscription.history.isEmpty)
  }

  @Test func requestsGoStraightUpstream() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(42), demandPerValue: .none
    ) { $0.map { $0 * 2 } }
    #expect(harness.subscription.history == [.requested(.max(42))])
    #expect(harness.tracker.history == [.subscription("CustomSubscription")])
  }

  @Test func demandReturnedFromAValueGoesStraightUpstream() {
    var demand = 4
    let publisher = TestPublisher<Int, TestingError>(subscription: TestSubscription())
    publisher.map { $0 * 2 }.subscribe(
      Tracking(receiveSubscription: { $0.request(.unlimited) }, receiveValue: { _ in .max(demand) })
    )
    #expect(publisher.send(0) == .max(4))
    demand = 120
    #expect(publisher.send(0) == .max(120))
  }

  @Test func completion() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .unlimited, demandPerValue: .none
    ) { $0.map { $0 * 2 } }
    harness.publisher.send(completion: .finished)
    #expect(harness.subscription.history == [.requested(.unlimited)])
    #expect(
      harness.tracker.history == [.subscription("CustomSubscription"), .completion(.finished)])
  }

  /// The cancel reaches the upstream; a value that upstream still sends passes through, as in
  /// Combine (a relay sends nothing after a cancel returns).
  @Test func cancelGoesStraightUpstream() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .unlimited, demandPerValue: .max(111)
    ) { $0.map { $0 * 2 } }
    harness.downstreamSubscription?.cancel()
    #expect(harness.publisher.send(1) == .max(111))
    harness.publisher.send(completion: .finished)
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test func everyCancelAndRequestGoesStraightUpstream() {
    expectRequestsAndCancelsGoStraightUpstream(sending: 1) { $0.map { $0 * 2 } }
  }

  /// The subscriber is named `Map` and is not a subscription.
  @Test func aValueOrCompletionBeforeTheSubscriptionPassesThrough() {
    expectPassesThroughBeforeTheSubscription(named: "Map", sending: 1, receiving: 2) {
      $0.map { $0 * 2 }
    }
  }

  @Test func lifecycle() {
    expectLifecycle(sendValue: 31, cancellingReleasesSubscriber: true) { $0.map { $0 * 2 } }
  }

  @Test func mapOfAMapIsOneMap() {
    let relay = PassthroughRelay<Int>()
    let tracking = TrackingSubscriber<Int, Never>(receiveSubscription: { $0.request(.unlimited) })
    let first = relay.map { $0 * 2 }
    let second = first.map { $0 + 1 }
    second.subscribe(tracking)
    relay.send(2)
    relay.send(3)
    relay.send(5)
    #expect(first.upstream === second.upstream)
    #expect(
      tracking.history == [.subscription("PassthroughSubject"), .value(5), .value(7), .value(11)])
  }

  @Test func aSecondSubscriptionReachesTheSubscriberWhichCancelsIt() {
    expectASecondSubscriptionReachesTheSubscriber { (publisher: TestPublisher<Int, Never>) in
      publisher.map { $0 * 2 }
    }
  }
}

extension MapTests {
  @Test func mapWithClosureAndKeyPath() {
    struct Point: Equatable {
      var x: Int
      var y: Int
    }
    let relay = CurrentValueRelay(Point(x: 1, y: 2))
    var doubled: [Int] = []
    var ys: [Int] = []
    let a = relay.map { $0.x * 2 }.sink { doubled.append($0) }
    let b = relay.map(\.y).sink { ys.append($0) }
    relay.send(Point(x: 3, y: 4))
    #expect(doubled == [2, 6])
    #expect(ys == [2, 4])
    _ = (a, b)
  }
}
