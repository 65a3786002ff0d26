import Relay
import RelayTestSupport
import Testing

// OpenCombine's `DropWhileTests` generic cases, for `drop(while:)` and `tryDrop(while:)`.

/// Drops 2, 4 and 6 (each asking the upstream for one more), then passes 7, 8 and 9; the
/// predicate is not called after the first value it keeps.
func expectDropsWhileEven<Operator: Publisher>(
  named name: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestingError>, @escaping (Int) -> Bool) -> Operator
) where Operator.Output == Int {
  var calls = 0
  let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
    makeOperator($0) {
      calls += 1
      return $0.isMultiple(of: 2)
    }
  }
  for value in [2, 4, 6] {
    #expect(harness.publisher.send(value) == .max(1), sourceLocation: sourceLocation)
  }
  for value in [7, 8, 9] {
    #expect(harness.publisher.send(value) == .none, sourceLocation: sourceLocation)
  }
  harness.publisher.send(completion: .finished)
  #expect(harness.publisher.send(10) == .none, sourceLocation: sourceLocation)
  #expect(
    harness.tracker.history == [.subscription(name), .value(7), .value(8), .value(9), .finished],
    sourceLocation: sourceLocation)
  #expect(calls == 4, sourceLocation: sourceLocation)
}

/// OpenCombine's `testDemand`: requests pass up as they are, a kept value returns the
/// subscriber's demand, and after a cancel nothing passes.
func expectDropWhileDemand<Operator: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestingError>, @escaping (Int) -> Bool) -> Operator
) {
  let harness = OperatorHarness<Int, TestingError, _>(
    initialDemand: .max(42), demandPerValue: .max(4)
  ) { makeOperator($0) { $0.isMultiple(of: 2) } }
  #expect(harness.publisher.send(0) == .max(1), sourceLocation: sourceLocation)
  harness.downstreamSubscription?.request(.max(95))
  #expect(harness.publisher.send(3) == .max(4), sourceLocation: sourceLocation)
  #expect(harness.publisher.send(8) == .max(4), sourceLocation: sourceLocation)
  harness.downstreamSubscription?.cancel()
  harness.downstreamSubscription?.cancel()
  harness.downstreamSubscription?.request(.max(50))
  #expect(
    harness.subscription.history == [.requested(.max(42)), .requested(.max(95)), .cancelled],
    sourceLocation: sourceLocation)
  #expect(harness.publisher.send(8) == .none, sourceLocation: sourceLocation)
}

/// OpenCombine's `DropWhileTests` of `drop(while:)`, ported.
@Suite struct DropWhileTests {
  @Test func dropsWhileThePredicateHolds() {
    expectDropsWhileEven(named: "DropWhile") { $0.drop(while: $1) }
  }

  @Test func demand() {
    expectDropWhileDemand { $0.drop(while: $1) }
  }

  @Test func anImmediateCompletionPasses() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.drop { _ in true }
    }
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("DropWhile"), .finished])
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectCancelsASecondSubscription { $0.drop { _ in true } }
  }

  @Test func lifecycle() {
    expectLifecycle(sendValue: 31, cancellingReleasesSubscriber: false) { $0.drop { _ in false } }
  }
}
