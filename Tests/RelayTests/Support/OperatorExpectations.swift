import Relay
import RelayTestSupport
import Testing

// Cases OpenCombine runs for many operators, each once here for any operator.

/// OpenCombine's `testReceiveSubscriptionTwice`: an operator that makes its own subscription
/// cancels a second subscription, the first one received again included, and cancelling
/// downstream cancels the first upstream.
func expectCancelsASecondSubscription<Operator: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestingError>) -> Operator
) where Operator.Failure == TestingError {
  let harness = OperatorHarness(makeOperator)
  #expect(harness.subscription.history == [], sourceLocation: sourceLocation)
  let second = TestSubscription()
  harness.publisher.send(subscription: second)
  #expect(second.history == [.cancelled], sourceLocation: sourceLocation)
  harness.publisher.send(subscription: harness.subscription)
  #expect(harness.subscription.history == [.cancelled], sourceLocation: sourceLocation)
  harness.downstreamSubscription?.cancel()
  #expect(harness.subscription.history == [.cancelled, .cancelled], sourceLocation: sourceLocation)
  #expect(harness.tracker.history.count == 1, sourceLocation: sourceLocation)
}

/// OpenCombine's `testLifecycle`.
///
/// A `TrackingSubscriber` keeps the subscriptions it received, so it and an operator that is its
/// own subscription keep each other alive until something breaks the cycle;
/// `cancellingReleasesSubscriber` says whether the operator lets go of its subscriber on completion
/// and on cancel (true for the operators that pass the upstream's subscription through);
/// `finishingReachesSubscriber` whether the upstream's `.finished` reaches a subscriber that
/// asked for nothing (false for a reduction, whose result waits for demand).
func expectLifecycle<Operator: Publisher>(
  sendValue: Int, cancellingReleasesSubscriber releases: Bool,
  finishingReachesSubscriber: Bool = true, sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestSubject<Int, TestingError>) -> Operator
) {
  var deinits = 0
  let onDeinit = { deinits += 1 }
  typealias Tracking = TrackingSubscriber<Operator.Output, Operator.Failure>

  // 1: the upstream fails.
  do {
    let subject = TestSubject<Int, TestingError>()
    makeOperator(subject).subscribe(Tracking(onDeinit: onDeinit))
    subject.send(sendValue)
    subject.send(completion: .failure("failure"))
  }
  #expect(deinits == (releases ? 1 : 0), "#1", sourceLocation: sourceLocation)

  // 2: nothing ends.
  do {
    let subject = TestSubject<Int, TestingError>()
    makeOperator(subject).subscribe(Tracking(onDeinit: onDeinit))
  }
  #expect(deinits == (releases ? 1 : 0), "#2", sourceLocation: sourceLocation)

  // 3: a subscription kept outside, cancelled later.
  var subscription: (any Subscription)?
  do {
    let subject = TestSubject<Int, TestingError>()
    makeOperator(subject).subscribe(
      Tracking(
        receiveSubscription: {
          subscription = $0
          $0.request(.unlimited)
        }, onDeinit: onDeinit))
    subject.send(sendValue)
  }
  #expect(deinits == (releases ? 1 : 0), "#3 before cancel", sourceLocation: sourceLocation)
  subscription?.cancel()
  #expect(deinits == (releases ? 2 : 0), "#3 after cancel", sourceLocation: sourceLocation)

  // 4: a subscriber that forgets its subscription on completion is released by it.
  var released = false
  do {
    let subject = TestSubject<Int, TestingError>()
    makeOperator(subject).subscribe(
      ForgetfulSubscriber<Operator.Output, Operator.Failure> { released = true })
    subject.send(completion: .finished)
  }
  #expect(released == finishingReachesSubscriber, "#4", sourceLocation: sourceLocation)
}

/// OpenCombine's `CleaningUpSubscriber`: keeps its subscription until the completion.
private final class ForgetfulSubscriber<Input, Failure: Error>: Subscriber {
  private var subscription: (any Subscription)?
  private let onDeinit: () -> Void
  init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
  func receive(subscription: any Subscription) { self.subscription = subscription }
  func receive(_ input: Input) -> Subscribers.Demand { .none }
  func receive(completion: Subscribers.Completion<Failure>) { subscription = nil }
}

/// OpenCombine's `FilterTests.testDemand` for a dropping operator built on `Int.init` over
/// strings: a dropped value asks the upstream for one more, a passed one returns the
/// subscriber's demand.
///
/// `ownSubscription` says whether the operator is its subscriber's subscription (then a cancel
/// reaches the upstream once and later requests do not).
func expectDroppingOperatorDemand<Operator: Publisher>(
  ownSubscription: Bool, sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<String, TestingError>, @escaping (String) -> Int?) -> Operator
) where Operator.Output: Equatable, Operator.Failure == TestingError {
  let subscription = TestSubscription()
  let publisher = TestPublisher<String, TestingError>(subscription: subscription)
  var downstream: (any Subscription)?
  var demand = Subscribers.Demand.max(3)
  let tracking = TrackingSubscriber<Operator.Output, TestingError>(
    receiveSubscription: {
      $0.request(.max(5))
      downstream = $0
    }, receiveValue: { _ in demand })
  makeOperator(publisher, { Int($0) }).subscribe(tracking)
  #expect(subscription.history == [.requested(.max(5))], sourceLocation: sourceLocation)
  #expect(publisher.send("a") == .max(1), sourceLocation: sourceLocation)
  #expect(publisher.send("1") == .max(3), sourceLocation: sourceLocation)
  demand = .max(2)
  #expect(publisher.send("2") == .max(2), sourceLocation: sourceLocation)
  demand = .max(1)
  #expect(publisher.send("3") == .max(1), sourceLocation: sourceLocation)
  #expect(publisher.send("b") == .max(1), sourceLocation: sourceLocation)
  downstream?.request(.max(15))
  downstream?.request(.max(5))
  demand = .none
  #expect(publisher.send("4") == .none, sourceLocation: sourceLocation)
  downstream?.request(.max(121))
  #expect(publisher.send("c") == .max(1), sourceLocation: sourceLocation)
  let requests: [TestSubscription.Event] = [
    .requested(.max(5)), .requested(.max(15)), .requested(.max(5)), .requested(.max(121)),
  ]
  #expect(subscription.history == requests, sourceLocation: sourceLocation)
  downstream?.cancel()
  downstream?.cancel()
  downstream?.request(.max(3))
  demand = .max(80)
  if ownSubscription {
    #expect(subscription.history == requests + [.cancelled], sourceLocation: sourceLocation)
    #expect(publisher.send("8") == .none, sourceLocation: sourceLocation)
  } else {
    #expect(
      subscription.history == requests + [.cancelled, .cancelled, .requested(.max(3))],
      sourceLocation: sourceLocation)
    #expect(publisher.send("8") == .max(80), sourceLocation: sourceLocation)
  }
}

/// The end of OpenCombine's basic case for an operator that delivers later (`delay`,
/// `receive(on:)`), once it delivered values 1, 2 and 3, each of which returned `.max(12)`:
/// that demand went upstream; then a failure, a second completion and a value arrive, nothing
/// of them is delivered until `release` runs (after `wait`), and then the failure alone.
func expectALaterDeliveryEndsWithTheFirstCompletion<Operator: Publisher>(
  _ harness: OperatorHarness<Int, TestingError, Operator>, named name: String,
  waiting wait: () -> Void = {}, releasing release: () -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) where Operator.Output == Int, Operator.Failure == TestingError {
  #expect(
    harness.subscription.history == [
      .requested(.max(100)), .requested(.max(12)), .requested(.max(12)), .requested(.max(12)),
    ], sourceLocation: sourceLocation)
  harness.publisher.send(completion: .failure(.oops))
  harness.publisher.send(completion: .finished)
  #expect(harness.publisher.send(4) == .none, sourceLocation: sourceLocation)
  wait()
  #expect(harness.tracker.history.count == 4, sourceLocation: sourceLocation)
  release()
  #expect(
    harness.tracker.history == [
      .subscription(name), .value(1), .value(2), .value(3), .failure(.oops),
    ], sourceLocation: sourceLocation)
}
