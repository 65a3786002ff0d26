import Relay
import RelayTestSupport
import TestSupport
import Testing

/// OpenCombine's `RemoveDuplicatesTests` (Combine's outcomes), and issue 8's items 4 and 9:
/// `removeDuplicates` gives its subscriber its own subscription, named `RemoveDuplicates`,
/// cancels a second one, and so can always cancel the first.
@Suite struct RemoveDuplicatesTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>

  /// OpenCombine's `FilterTests.testBasicBehavior`: each value sent, the demand it returns.
  func expectBasicBehavior(
    _ input: [(Int, Subscribers.Demand)], output: [Int],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ makeOperator: (TestPublisher<Int, TestingError>) ->
      Publishers.RemoveDuplicates<
        TestPublisher<Int, TestingError>
      >
  ) {
    let harness = Harness(initialDemand: .max(2), demandPerValue: .max(4), makeOperator)
    #expect(harness.subscription.history == [.requested(.max(2))], sourceLocation: sourceLocation)
    for (value, demand) in input {
      #expect(harness.publisher.send(value) == demand, "\(value)", sourceLocation: sourceLocation)
    }
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(
      harness.tracker.history
        == [.subscription("RemoveDuplicates")] + output.map { .value($0) } + [
          .completion(.finished)
        ], sourceLocation: sourceLocation)
  }

  @Test func basicBehavior() {
    var calls = 0
    expectBasicBehavior(
      [
        (1, .max(4)), (2, .max(4)), (2, .max(1)), (50, .max(4)), (30, .max(1)), (10, .max(1)),
        (-1, .max(1)), (51, .max(4)), (52, .max(4)),
      ], output: [1, 2, 50, 51, 52]
    ) {
      $0.removeDuplicates {
        calls += 1
        return $0 >= $1
      }
    }
    #expect(calls == 8)
    expectBasicBehavior(
      [
        (1, .max(4)), (2, .max(4)), (2, .max(4)), (50, .max(4)), (30, .max(1)), (10, .max(1)),
        (-1, .max(1)), (51, .max(4)), (52, .max(4)),
      ], output: [1, 2, 2, 50, 51, 52]
    ) {
      $0.removeDuplicates {
        calls += 1
        return $0 > $1
      }
    }
    #expect(calls == 16)
    expectBasicBehavior(
      [
        (1, .max(4)), (2, .max(4)), (2, .max(1)), (50, .max(4)), (30, .max(4)), (10, .max(4)),
        (-1, .max(4)), (51, .max(4)), (52, .max(4)),
      ], output: [1, 2, 50, 30, 10, -1, 51, 52]
    ) { $0.removeDuplicates() }
  }

  /// Combine compares each value with the one the upstream sent just before it, dropped or
  /// not: with a predicate that is not an equivalence, the two readings differ.
  @Test func comparesWithThePreviousUpstreamValueEvenWhenItWasDropped() {
    let relay = PassthroughRelay<Int>()
    let tracking = TrackingSubscriber<Int, Never>(receiveSubscription: { $0.request(.unlimited) })
    relay.removeDuplicates { abs($0 - $1) <= 1 }.subscribe(tracking)
    for value in [1, 2, 3, 4, 10, 11] { relay.send(value) }
    #expect(tracking.values == [1, 10])
  }

  @Test func upstreamFinishesImmediately() {
    let harness = Harness(initialDemand: .max(3), demandPerValue: .max(10)) {
      $0.removeDuplicates { _, _ in
        Issue.record("not called")
        return true
      }
    }
    #expect(harness.tracker.history == [.subscription("RemoveDuplicates")])
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.send(73) == .none)
    #expect(
      harness.tracker.history == [.subscription("RemoveDuplicates"), .completion(.finished)])
    #expect(harness.subscription.history == [.requested(.max(3))])
  }

  @Test func upstreamFinishesWithError() {
    let harness = Harness(initialDemand: .max(3), demandPerValue: .max(10)) {
      $0.removeDuplicates { _, _ in
        Issue.record("not called")
        return true
      }
    }
    harness.publisher.send(completion: .failure(.oops))
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.send(73) == .none)
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [
        .subscription("RemoveDuplicates"), .completion(.failure(.oops)),
      ])
    #expect(harness.subscription.history == [.requested(.max(3))])
  }

  @Test func demand() {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    var downstream: (any Subscription)?
    var demand = Subscribers.Demand.max(3)
    var calls = 0
    publisher.removeDuplicates {
      calls += 1
      return $0 == $1
    }.subscribe(
      TrackingSubscriber<Int, TestingError>(
        receiveSubscription: {
          $0.request(.max(5))
          downstream = $0
        }, receiveValue: { _ in demand }))
    #expect(subscription.history == [.requested(.max(5))])
    #expect(publisher.send(1) == .max(3))
    demand = .max(2)
    #expect(publisher.send(2) == .max(2))
    demand = .max(10)
    #expect(publisher.send(3) == .max(10))
    #expect(publisher.send(3) == .max(1))
    #expect(publisher.send(3) == .max(1))
    downstream?.request(.max(15))
    downstream?.request(.max(5))
    demand = .none
    #expect(publisher.send(-1) == .none)
    demand = .max(10)
    #expect(publisher.send(-2) == .max(10))
    #expect(publisher.send(-2) == .max(1))
    let requests: [TestSubscription.Event] = [
      .requested(.max(5)), .requested(.max(15)), .requested(.max(5)),
    ]
    #expect(subscription.history == requests)
    downstream?.cancel()
    downstream?.cancel()
    #expect(subscription.history == requests + [.cancelled])
    downstream?.request(.max(3))
    #expect(subscription.history == requests + [.cancelled])
    #expect(publisher.send(7) == .none)
    #expect(calls == 7)
  }

  @Test func noDemandAsksNothing() {
    let subscription = TestSubscription()
    TestPublisher<Int, TestingError>(subscription: subscription).removeDuplicates()
      .subscribe(TrackingSubscriber<Int, TestingError>())
    #expect(subscription.history.isEmpty)
  }

  @Test func cancelReachesTheUpstreamOnceAndEndsEverything() {
    let harness = Harness(initialDemand: .unlimited, demandPerValue: .none) {
      $0.removeDuplicates { _, _ in
        Issue.record("not called")
        return true
      }
    }
    harness.downstreamSubscription?.cancel()
    #expect(harness.publisher.send(42) == .none)
    harness.publisher.send(completion: .finished)
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
    harness.downstreamSubscription?.request(.unlimited)
    harness.downstreamSubscription?.cancel()
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
    #expect(harness.tracker.history == [.subscription("RemoveDuplicates")])
  }

  @Test func aValueBeforeTheSubscriptionStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let publisher = TestPublisher<Int, Never>(subscription: nil)
      publisher.removeDuplicates().subscribe(TrackingSubscriber<Int, Never>())
      publisher.send(0)
    }
  }

  @Test func aCompletionBeforeTheSubscriptionStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let publisher = TestPublisher<Int, Never>(subscription: nil)
      publisher.removeDuplicates().subscribe(TrackingSubscriber<Int, Never>())
      publisher.send(completion: .finished)
    }
  }

  @Test func aRequestBeforeTheSubscriptionStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let publisher = TestPublisher<Int, Never>(subscription: nil)
      publisher.removeDuplicates().subscribe(TrackingSubscriber<Int, Never>())
      (publisher.erasedSubscriber as? any Subscription)?.request(.max(1))
    }
  }

  @Test func aSubscriptionAfterACancelIsCancelled() {
    let publisher = TestPublisher<Int, Never>(subscription: nil)
    publisher.removeDuplicates().subscribe(TrackingSubscriber<Int, Never>())
    (publisher.erasedSubscriber as? any Subscription)?.cancel()
    let subscription = TestSubscription()
    publisher.send(subscription: subscription)
    #expect(subscription.history == [.cancelled])
  }

  /// A second subscription is cancelled, not passed to the subscriber: the first upstream stays
  /// cancellable.
  @Test func cancelsASecondSubscription() {
    expectCancelsASecondSubscription { $0.removeDuplicates() }
  }

  @Test func lifecycle() {
    expectLifecycle(sendValue: 31, cancellingReleasesSubscriber: false) {
      $0.removeDuplicates(by: <)
    }
  }

  /// `print` after `removeDuplicates` names it, as Combine does.
  @Test func printNamesIt() {
    let relay = CurrentValueRelay(1)
    let log = LineRecorder()
    let cancellable = relay.removeDuplicates().print("R", to: log).sink { _ in }
    cancellable.cancel()
    #expect(
      log.lines == [
        "R: receive subscription: (RemoveDuplicates)", "R: request unlimited",
        "R: receive value: (1)", "R: receive cancel",
      ])
  }
}

extension RemoveDuplicatesTests {
  @Test func removeDuplicatesDropsConsecutiveRepeatsOnly() {
    let relay = PassthroughRelay<Int>()
    var received: [Int] = []
    let cancellable = relay.removeDuplicates().sink { received.append($0) }
    for value in [1, 1, 2, 2, 1, 3, 3] { relay.send(value) }
    #expect(received == [1, 2, 1, 3])
    _ = cancellable
  }

  @Test func removeDuplicatesByPredicateOnATuple() {
    struct Fields {
      var a: String
      var b: Int
      var c: [Int]
    }
    let relay = CurrentValueRelay(Fields(a: "x", b: 1, c: []))
    var received: [String] = []
    let cancellable = relay.map { ($0.a, $0.b) }.removeDuplicates(by: ==).sink {
      received.append("\($0.0)\($0.1)")
    }
    relay.send(Fields(a: "x", b: 1, c: [1]))
    relay.send(Fields(a: "y", b: 1, c: [1]))
    relay.send(Fields(a: "y", b: 2, c: []))
    #expect(received == ["x1", "y1", "y2"])
    _ = cancellable
  }
}
