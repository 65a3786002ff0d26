import Relay
import Testing

/// OpenCombine's `FilterTests` for `filter` (Combine's outcomes). Like Combine's, `filter`
/// passes the upstream's subscription through: everything the upstream sends reaches the
/// predicate, and a dropped value asks the upstream for one more.
@Suite struct FilterTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>

  @Test func basicBehavior() {
    var calls = 0
    let harness = Harness(initialDemand: .max(2), demandPerValue: .max(4)) {
      $0.filter {
        calls += 1
        return $0.isMultiple(of: 2)
      }
    }
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
    #expect(calls == 6)
  }

  @Test func upstreamFinishesImmediately() {
    var calls = 0
    let harness = Harness(initialDemand: .max(3), demandPerValue: .max(10)) {
      $0.filter {
        calls += 1
        return $0.isMultiple(of: 2)
      }
    }
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.send(72) == .max(10))
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .completion(.finished), .completion(.failure(.oops)),
        .value(72),
      ])
    #expect(harness.subscription.history == [.requested(.max(3))])
    #expect(calls == 1)
  }

  @Test func demand() {
    expectDroppingOperatorDemand(ownSubscription: false) { publisher, transform in
      publisher.filter { transform($0) != nil }
    }
  }

  @Test func noDemandAsksNothing() {
    let subscription = TestSubscription()
    TestPublisher<Int, TestingError>(subscription: subscription).filter { _ in true }
      .subscribe(Tracker<Int, TestingError>())
    #expect(subscription.history.isEmpty)
  }

  @Test func cancelAndRequestsGoStraightUpstream() {
    var calls = 0
    let harness = Harness(initialDemand: .unlimited, demandPerValue: .max(2)) {
      $0.filter {
        calls += 1
        return $0.isMultiple(of: 2)
      }
    }
    harness.downstreamSubscription?.cancel()
    #expect(harness.publisher.send(42) == .max(2))
    harness.publisher.send(completion: .finished)
    harness.downstreamSubscription?.request(.unlimited)
    harness.downstreamSubscription?.cancel()
    #expect(
      harness.subscription.history == [
        .requested(.unlimited), .cancelled, .requested(.unlimited), .cancelled,
      ])
    #expect(calls == 1)
  }

  @Test func aValueOrCompletionBeforeTheSubscriptionPassesThrough() {
    let publisher = TestPublisher<Int, Never>(subscription: nil)
    let tracking = Tracker<Int, Never>(receiveValue: { _ in .max(42) })
    publisher.filter { _ in true }.subscribe(tracking)
    #expect(publisher.send(0) == .max(42))
    publisher.send(completion: .finished)
    #expect(tracking.history == [.value(0), .completion(.finished)])
    #expect("\(publisher.erasedSubscriber!)" == "Filter")
    #expect(!(publisher.erasedSubscriber is any Subscription))
  }

  @Test func lifecycle() {
    expectLifecycle(sendValue: 31, cancellingReleasesSubscriber: true) { $0.filter { _ in true } }
  }

  @Test func filterOfAFilterIsOneFilter() {
    let relay = PassthroughRelay<Int>()
    let first = relay.filter { $0.isMultiple(of: 2) }
    let second = first.filter { $0.isMultiple(of: 3) }
    let tracking = Tracker<Int, Never>(receiveSubscription: { $0.request(.unlimited) })
    second.subscribe(tracking)
    for value in 1...12 { relay.send(value) }
    #expect(first.upstream === second.upstream)
    #expect(tracking.values == [6, 12])
  }

  @Test func aSecondSubscriptionReachesTheSubscriberWhichCancelsIt() {
    let first = TestSubscription()
    let publisher = TestPublisher<Int, Never>(subscription: first)
    let cancellable = publisher.filter { _ in true }.sink { _ in }
    let second = TestSubscription()
    publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
    cancellable.cancel()
    #expect(first.history == [.requested(.unlimited), .cancelled])
  }
}
