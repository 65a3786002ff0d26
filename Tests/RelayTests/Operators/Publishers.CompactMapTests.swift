import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `CompactMapTests` for `compactMap` (Combine's outcomes).
///
/// Like Combine's, `compactMap` passes the upstream's subscription through, and a dropped value
/// asks the upstream for one more.
@Suite struct CompactMapTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<String, TestingError, Operator>

  /// A harness around a `compactMap` parsing numbers, and how many times it was called.
  static func parsing(initialDemand: Subscribers.Demand?, demandPerValue: Subscribers.Demand)
    -> (
      harness: Harness<Publishers.CompactMap<TestPublisher<String, TestingError>, Int>>,
      calls: () -> Int
    )
  {
    Harness.counting(
      initialDemand: initialDemand, demandPerValue: demandPerValue, applying: { Int($0) },
      in: { $0.compactMap($1) })
  }

  @Test func basicBehavior() {
    let (harness, calls) = Self.parsing(initialDemand: .max(2), demandPerValue: .max(4))
    #expect(harness.subscription.history == [.requested(.max(2))])
    #expect(harness.publisher.send("1") == .max(4))
    #expect(harness.publisher.send("2") == .max(4))
    #expect(harness.publisher.send("a") == .max(1))
    #expect(harness.publisher.send("6") == .max(4))
    #expect(harness.publisher.send("b") == .max(1))
    #expect(harness.publisher.send("b") == .max(1))
    #expect(harness.publisher.send("12.4") == .max(1))
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.send("42") == .max(4))
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .value(1), .value(2), .value(6),
        .completion(.finished), .completion(.failure(.oops)), .value(42),
      ])
    #expect(calls() == 8)
  }

  @Test func upstreamFinishesWithError() {
    let (harness, calls) = Self.parsing(initialDemand: .max(3), demandPerValue: .max(10))
    harness.publisher.send(completion: .failure(.oops))
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.send("74") == .max(10))
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .completion(.failure(.oops)),
        .completion(.failure(.oops)), .value(74), .completion(.finished),
      ])
    #expect(harness.subscription.history == [.requested(.max(3))])
    #expect(calls() == 1)
  }

  @Test func demand() {
    expectDroppingOperatorDemand(ownSubscription: false) { publisher, transform in
      publisher.compactMap(transform)
    }
  }

  @Test func cancelAndRequestsGoStraightUpstream() {
    expectRequestsAndCancelsGoStraightUpstream(sending: "42") { $0.compactMap { Int($0) } }
  }

  @Test func aValueOrCompletionBeforeTheSubscriptionPassesThrough() {
    expectPassesThroughBeforeTheSubscription(named: "CompactMap", sending: "0", receiving: 0) {
      $0.compactMap { Int($0) }
    }
  }

  @Test func lifecycle() {
    expectLifecycle(sendValue: 31, cancellingReleasesSubscriber: true) {
      $0.compactMap { $0 * 2 }
    }
  }

  @Test func compactMapAndMapAfterACompactMapAreOneCompactMap() {
    let relay = PassthroughRelay<String>()
    let first = relay.compactMap { Int($0) }
    let second = first.compactMap { $0.isMultiple(of: 2) ? $0 : nil }
    let third = second.map { $0 * 10 }
    let tracking = TrackingSubscriber<Int, Never>(receiveSubscription: { $0.request(.unlimited) })
    third.subscribe(tracking)
    for text in ["1", "x", "2", "3", "4"] { relay.send(text) }
    #expect(first.upstream === third.upstream)
    #expect(tracking.values == [20, 40])
  }

  @Test func aSecondSubscriptionReachesTheSubscriberWhichCancelsIt() {
    expectASecondSubscriptionReachesTheSubscriber { (publisher: TestPublisher<String, Never>) in
      publisher.compactMap { Int($0) }
    }
  }
}
