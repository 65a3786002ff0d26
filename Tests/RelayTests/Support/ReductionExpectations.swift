import Relay
import RelayTestSupport
import Testing

// OpenCombine's `ReduceTests` cases, which it runs for every operator that reduces its upstream
// to one value (`reduce`, `count`, `min`, `max`, `contains`, `allSatisfy`, `first`, `last` and
// their `try` forms), each written once here for any of them.

/// How a reduction of the values 1 to 5 (or of 0 alone) ends.
enum ReductionEnd<Output, Failure: Error> {
  /// Once the upstream finished, with this result (none for `nil`).
  case atTheEnd(Output?)
  /// As soon as the value that decides came: the upstream is cancelled.
  case early(Output)
  /// With a failure: the upstream is cancelled.
  case failure(Failure)
}

/// OpenCombine's `testBasicReductionBehavior`: the values 1 to 5, then `.finished`; nothing is
/// delivered before the downstream asks, then the result (if any) and `.finished`.
func expectReductionOfOneToFive<Operator: Publisher>(
  named name: String, result: Operator.Output?, sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestingError>) -> Operator
) where Operator.Output: Equatable {
  let harness = OperatorHarness<Int, TestingError, _>(makeOperator)
  #expect(harness.tracker.history == [.subscription(name)], sourceLocation: sourceLocation)
  #expect(harness.subscription.history == [.requested(.unlimited)], sourceLocation: sourceLocation)
  for value in 1...5 {
    #expect(harness.publisher.send(value) == .none, sourceLocation: sourceLocation)
  }
  harness.publisher.send(completion: .finished)
  #expect(harness.tracker.history == [.subscription(name)], sourceLocation: sourceLocation)
  harness.downstreamSubscription?.request(.max(1))
  let values: [TrackingSubscriber<Operator.Output, Operator.Failure>.Event] =
    result.map { [.value($0)] } ?? []
  #expect(
    harness.tracker.history == [.subscription(name)] + values + [.finished],
    sourceLocation: sourceLocation)
  #expect(harness.subscription.history == [.requested(.unlimited)], sourceLocation: sourceLocation)
}

/// OpenCombine's `testFailureBecauseOfThrow`: the values 1 to 5, the operator's closure
/// throwing `failure` at some point; the upstream is cancelled before the failure arrives, and
/// a later request changes nothing.
func expectReductionFailsWhenItThrows<Operator: Publisher>(
  named name: String, failure: Operator.Failure, sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestingError>) -> Operator
) where Operator.Output: Equatable {
  var upstreamAtFailure: [TestSubscription.Event] = []
  let subscription = TestSubscription()
  let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
  let tracker = TrackingSubscriber<Operator.Output, Operator.Failure>(
    receiveCompletion: { _ in upstreamAtFailure = subscription.history })
  makeOperator(publisher).subscribe(tracker)
  for value in 1...5 { #expect(publisher.send(value) == .none, sourceLocation: sourceLocation) }
  let expected: [TrackingSubscriber<Operator.Output, Operator.Failure>.Event] = [
    .subscription(name), .failure(failure),
  ]
  #expect(tracker.history == expected, sourceLocation: sourceLocation)
  #expect(
    upstreamAtFailure == [.requested(.unlimited), .cancelled], sourceLocation: sourceLocation)
  tracker.request(.max(1))
  #expect(tracker.history == expected, sourceLocation: sourceLocation)
  #expect(
    subscription.history == [.requested(.unlimited), .cancelled], sourceLocation: sourceLocation)
}

/// OpenCombine's `testUpstreamFinishesWithError`: the upstream's failure passes at once, even
/// without demand, and nothing after it does.
func expectReductionPassesTheUpstreamFailure<Operator: Publisher>(
  named name: String, failure: Operator.Failure, sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestingError>) -> Operator
) where Operator.Output: Equatable {
  let harness = OperatorHarness<Int, TestingError, _>(
    initialDemand: .max(3), demandPerValue: .max(1), makeOperator)
  harness.publisher.send(completion: .failure(.oops))
  let expected: [TrackingSubscriber<Operator.Output, Operator.Failure>.Event] = [
    .subscription(name), .failure(failure),
  ]
  #expect(harness.tracker.history == expected, sourceLocation: sourceLocation)
  harness.publisher.send(completion: .failure(.oops))
  #expect(harness.publisher.send(73) == .none, sourceLocation: sourceLocation)
  harness.publisher.send(completion: .finished)
  #expect(harness.tracker.history == expected, sourceLocation: sourceLocation)
  #expect(harness.subscription.history == [.requested(.unlimited)], sourceLocation: sourceLocation)
}

/// OpenCombine's `testUpstreamFinishesImmediatelyWithDemand` and `…WithoutDemand`: an upstream
/// that finishes at once yields `result` (or nothing) and `.finished` when the downstream has
/// asked, and nothing until it does; nothing after the completion counts.
func expectReductionOfNothing<Operator: Publisher>(
  named name: String, result: Operator.Output?, sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestingError>) -> Operator
) where Operator.Output: Equatable {
  let waiting = OperatorHarness<Int, TestingError, _>(makeOperator)
  waiting.publisher.send(completion: .finished)
  #expect(waiting.tracker.history == [.subscription(name)], sourceLocation: sourceLocation)

  let asked = OperatorHarness<Int, TestingError, _>(initialDemand: .max(1), makeOperator)
  asked.publisher.send(completion: .finished)
  let expected: [TrackingSubscriber<Operator.Output, Operator.Failure>.Event] =
    if let result { [.subscription(name), .value(result), .finished] } else {
      [.subscription(name), .finished]
    }
  #expect(asked.tracker.history == expected, sourceLocation: sourceLocation)
  asked.publisher.send(completion: .failure(.oops))
  #expect(asked.publisher.send(73) == .none, sourceLocation: sourceLocation)
  #expect(asked.tracker.history == expected, sourceLocation: sourceLocation)
  #expect(asked.subscription.history == [.requested(.unlimited)], sourceLocation: sourceLocation)
}

/// OpenCombine's `testRequestsUnlimitedThenSendsSubscription` and `testCancelAlreadyCancelled`:
/// the downstream has its subscription before the upstream is asked for everything; a cancel
/// reaches the upstream once, and a request after it nothing.
func expectReductionSubscribesThenAsksForEverything<Operator: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestingError>) -> Operator
) {
  let subscription = TestSubscription()
  let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
  var upstreamAtSubscription: [TestSubscription.Event]?
  let tracker = TrackingSubscriber<Operator.Output, Operator.Failure>(
    receiveSubscription: { _ in upstreamAtSubscription = subscription.history })
  makeOperator(publisher).subscribe(tracker)
  #expect(upstreamAtSubscription == [], sourceLocation: sourceLocation)
  #expect(subscription.history == [.requested(.unlimited)], sourceLocation: sourceLocation)
  tracker.cancel()
  tracker.request(.unlimited)
  tracker.cancel()
  #expect(
    subscription.history == [.requested(.unlimited), .cancelled], sourceLocation: sourceLocation)
}

/// OpenCombine's `testReceiveSubscriptionTwice` of a reduction: a second subscription is
/// cancelled, before and after the upstream sends 0 and finishes, and `end` says what that
/// leads to.
func expectReductionCancelsASecondSubscription<Operator: Publisher>(
  named name: String, end: ReductionEnd<Operator.Output, Operator.Failure>,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestingError>) -> Operator
) where Operator.Output: Equatable {
  let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(1), makeOperator)
  let second = TestSubscription()
  harness.publisher.send(subscription: second)
  #expect(second.history == [.cancelled], sourceLocation: sourceLocation)
  #expect(harness.subscription.history == [.requested(.unlimited)], sourceLocation: sourceLocation)
  #expect(harness.publisher.send(0) == .none, sourceLocation: sourceLocation)
  harness.publisher.send(completion: .finished)
  typealias Event = TrackingSubscriber<Operator.Output, Operator.Failure>.Event
  let (events, upstream): ([Event], [TestSubscription.Event]) =
    switch end {
    case .atTheEnd(nil): ([.finished], [.requested(.unlimited)])
    case .atTheEnd(let value?): ([.value(value), .finished], [.requested(.unlimited)])
    case .early(let value): ([.value(value), .finished], [.requested(.unlimited), .cancelled])
    case .failure(let error): ([.failure(error)], [.requested(.unlimited), .cancelled])
    }
  #expect(harness.tracker.history == [.subscription(name)] + events, sourceLocation: sourceLocation)
  #expect(harness.subscription.history == upstream, sourceLocation: sourceLocation)
  harness.publisher.send(subscription: second)
  #expect(second.history == [.cancelled, .cancelled], sourceLocation: sourceLocation)
  #expect(harness.tracker.history == [.subscription(name)] + events, sourceLocation: sourceLocation)
}

/// The reduction ends early at the last of `values`, which decides: the upstream is cancelled,
/// and the result waits for the downstream's demand; a value or completion after it counts
/// for nothing (OpenCombine's early-completion cases of `first`, `contains`, `allSatisfy`).
func expectReductionEndsEarly<Operator: Publisher>(
  named name: String, sending values: [Int], result: Operator.Output,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestingError>) -> Operator
) where Operator.Output: Equatable {
  let harness = OperatorHarness<Int, TestingError, _>(makeOperator)
  for value in values {
    #expect(harness.publisher.send(value) == .none, sourceLocation: sourceLocation)
  }
  #expect(harness.tracker.history == [.subscription(name)], sourceLocation: sourceLocation)
  #expect(
    harness.subscription.history == [.requested(.unlimited), .cancelled],
    sourceLocation: sourceLocation)
  #expect(harness.publisher.send(100) == .none, sourceLocation: sourceLocation)
  harness.publisher.send(completion: .failure(.oops))
  harness.downstreamSubscription?.request(.max(1))
  #expect(
    harness.tracker.history == [.subscription(name), .value(result), .finished],
    sourceLocation: sourceLocation)
}
