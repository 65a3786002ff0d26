import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `FilterTests` for `filter` (Combine's outcomes).
///
/// Like Combine's, `filter` passes the upstream's subscription through: everything the upstream
/// sends reaches the predicate, and a dropped value asks the upstream for one more.
@Suite struct FilterTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>

  /// A harness around a filter keeping even numbers, and how many times it was called.
  static func evenNumbers(initialDemand: Subscribers.Demand?, demandPerValue: Subscribers.Demand)
    -> (harness: Harness<Publishers.Filter<TestPublisher<Int, TestingError>>>, calls: () -> Int)
  {
    Harness.counting(
      initialDemand: initialDemand, demandPerValue: demandPerValue,
      applying: { $0.isMultiple(of: 2) }, in: { $0.filter($1) })
  }

  @Test func basicBehavior() {
    let (harness, calls) = Self.evenNumbers(initialDemand: .max(2), demandPerValue: .max(4))
    #expect(harness.subscription.history == [.requested(.max(2))])
    #expect(harness.publisher.send(1) == .max(1))
    #expect(harness.publisher.send(2) == .max(4))
    #expect(harness.publisher.send(3) == .max(1))
    #expect(harness.publisher.send(4) == .max(4))
    #expect(harness.publisher.send(5) == .max(1))
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.send(6) == .max(4))
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .value(2), .value(4), .completion(.finished),
        .completion(.failure(.oops)), .value(6),
      ])
    #expect(calls() == 6)
  }

  @Test func upstreamFinishesImmediately() {
    let (harness, calls) = Self.evenNumbers(initialDemand: .max(3), demandPerValue: .max(10))
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.send(72) == .max(10))
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .completion(.finished), .completion(.failure(.oops)),
        .value(72),
      ])
    #expect(harness.subscription.history == [.requested(.max(3))])
    #expect(calls() == 1)
  }

  @Test func demand() {
    expectDroppingOperatorDemand(ownSubscription: false) { publisher, transform in
      publisher.filter { transform($0) != nil }
    }
  }

  @Test func noDemandAsksNothing() {
    let subscription = TestSubscription()
    TestPublisher<Int, TestingError>(subscription: subscription).filter { _ in true }
      .subscribe(TrackingSubscriber<Int, TestingError>())
    #expect(subscription.history.isEmpty)
  }

  @Test func cancelAndRequestsGoStraightUpstream() {
    expectRequestsAndCancelsGoStraightUpstream(sending: 42) { $0.filter { $0.isMultiple(of: 2) } }
  }

  @Test func aValueOrCompletionBeforeTheSubscriptionPassesThrough() {
    expectPassesThroughBeforeTheSubscription(named: "Filter", sending: 0, receiving: 0) {
      $0.filter { _ in true }
    }
  }

  @Test func lifecycle() {
    expectLifecycle(sendValue: 31, cancellingReleasesSubscriber: true) { $0.filter { _ in true } }
  }

  @Test func filterOfAFilterIsOneFilter() {
    let relay = PassthroughRelay<Int>()
    let first = relay.filter { $0.isMultiple(of: 2) }
    let second = first.filter { $0.isMultiple(of: 3) }
    let tracking = TrackingSubscriber<Int, Never>(receiveSubscription: { $0.request(.unlimited) })
    second.subscribe(tracking)
    for value in 1...12 { relay.send(value) }
    #expect(first.upstream === second.upstream)
    #expect(tracking.values == [6, 12])
  }

  @Test func aSecondSubscriptionReachesTheSubscriberWhichCancelsIt() {
    expectASecondSubscriptionReachesTheSubscriber { (publisher: TestPublisher<Int, Never>) in
      publisher.filter { _ in true }
    }
  }
}

extension FilterTests {
  @Test func filterAndCompactMapKeepDemandForDroppedValues() {
    let relay = PassthroughRelay<String>()
    let evens = TrackingSubscriber<Int, Never>(demand: .max(2))
    relay.compactMap { Int($0) }.filter { $0.isMultiple(of: 2) }.subscribe(evens)
    for text in ["1", "x", "2", "3", "4", "6"] { relay.send(text) }
    #expect(evens.values == [2, 4])
  }
}
