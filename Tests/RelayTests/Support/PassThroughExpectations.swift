import Relay
import RelayTestSupport
import Testing

// Cases shared by the operators that pass their upstream's subscription through to their
// subscriber (`map`, `filter`, `compactMap`), as Combine's do.

extension OperatorHarness {
  /// A harness around the operator `makeSut` makes with `body`, counting the calls to `body`:
  /// `calls` reads how many there were.
  static func counting<Result>(
    initialDemand: Subscribers.Demand?, demandPerValue: Subscribers.Demand,
    applying body: @escaping (Input) -> Result,
    in makeSut: (TestPublisher<Input, UpstreamFailure>, @escaping (Input) -> Result) -> Sut
  ) -> (harness: Self, calls: () -> Int) {
    var calls = 0
    let harness = Self(initialDemand: initialDemand, demandPerValue: demandPerValue) {
      makeSut($0) {
        calls += 1
        return body($0)
      }
    }
    return (harness, { calls })
  }
}

/// The downstream's cancels and requests reach the upstream as they are, every time, a
/// completion between them included; a value the upstream still sends after a cancel passes
/// through with the subscriber's demand.
func expectRequestsAndCancelsGoStraightUpstream<Input, Operator: Publisher>(
  sending value: Input, sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Input, TestingError>) -> Operator
) {
  let harness = OperatorHarness(initialDemand: .unlimited, demandPerValue: .max(2), makeOperator)
  harness.downstreamSubscription?.cancel()
  #expect(harness.publisher.send(value) == .max(2), sourceLocation: sourceLocation)
  harness.publisher.send(completion: .finished)
  harness.downstreamSubscription?.request(.unlimited)
  harness.downstreamSubscription?.cancel()
  #expect(
    harness.subscription.history == [
      .requested(.unlimited), .cancelled, .requested(.unlimited), .cancelled,
    ], sourceLocation: sourceLocation)
}

/// A value or a completion that arrives before any subscription passes through; the
/// operator's subscriber is named `name` and is not a subscription.
func expectPassesThroughBeforeTheSubscription<Input, Operator: Publisher>(
  named name: String, sending value: Input, receiving output: Operator.Output,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Input, Never>) -> Operator
) where Operator.Output: Equatable, Operator.Failure == Never {
  let publisher = TestPublisher<Input, Never>(subscription: nil)
  let tracking = TrackingSubscriber<Operator.Output, Never>(receiveValue: { _ in .max(42) })
  makeOperator(publisher).subscribe(tracking)
  #expect(publisher.send(value) == .max(42), sourceLocation: sourceLocation)
  publisher.send(completion: .finished)
  #expect(
    tracking.history == [.value(output), .completion(.finished)], sourceLocation: sourceLocation)
  #expect("\(publisher.erasedSubscriber!)" == name, sourceLocation: sourceLocation)
  #expect(!(publisher.erasedSubscriber is any Subscription), sourceLocation: sourceLocation)
}

/// Item 4 of issue 8 for an operator that passes the subscription through: a second
/// subscription reaches the subscriber, which cancels it (as `Sink` does), and the first one
/// stays cancellable.
func expectASecondSubscriptionReachesTheSubscriber<Input, Operator: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Input, Never>) -> Operator
) where Operator.Failure == Never {
  let first = TestSubscription()
  let publisher = TestPublisher<Input, Never>(subscription: first)
  let cancellable = makeOperator(publisher).sink { _ in }
  let second = TestSubscription()
  publisher.send(subscription: second)
  #expect(second.history == [.cancelled], sourceLocation: sourceLocation)
  cancellable.cancel()
  #expect(first.history == [.requested(.unlimited), .cancelled], sourceLocation: sourceLocation)
}
