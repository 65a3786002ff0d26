import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `PrefixWhileTests` demand case, for `prefix(while:)` and `tryPrefix(while:)`:
/// kept values return the subscriber's demand, requests pass up, and the first value that fails
/// the predicate cancels the upstream and finishes.
func expectPrefixWhileEven<Operator: Publisher>(
  named name: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ makeOperator: (TestPublisher<Int, TestingError>, @escaping (Int) -> Bool) -> Operator
) where Operator.Output == Int {
  let harness = OperatorHarness<Int, TestingError, _>(
    initialDemand: .max(3), demandPerValue: .max(2)
  ) { makeOperator($0) { $0.isMultiple(of: 2) } }
  #expect(harness.publisher.send(2) == .max(2), sourceLocation: sourceLocation)
  #expect(harness.publisher.send(4) == .max(2), sourceLocation: sourceLocation)
  harness.downstreamSubscription?.request(.max(5))
  #expect(harness.publisher.send(5) == .none, sourceLocation: sourceLocation)
  #expect(harness.publisher.send(6) == .none, sourceLocation: sourceLocation)
  harness.publisher.send(completion: .failure(.oops))
  harness.downstreamSubscription?.request(.max(1000))
  harness.downstreamSubscription?.cancel()
  #expect(
    harness.subscription.history == [.requested(.max(3)), .requested(.max(5)), .cancelled],
    sourceLocation: sourceLocation)
  #expect(
    harness.tracker.history == [.subscription(name), .value(2), .value(4), .finished],
    sourceLocation: sourceLocation)
}

/// OpenCombine's `PrefixWhileTests` of `prefix(while:)`, ported.
@Suite struct PrefixWhileTests {
  @Test func passesValuesWhileThePredicateHolds() {
    expectPrefixWhileEven(named: "PrefixWhile") { $0.prefix(while: $1) }
  }

  @Test func theUpstreamsCompletionPasses() {
    let finishing = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.prefix { _ in true }
    }
    finishing.publisher.send(completion: .finished)
    finishing.publisher.send(completion: .failure(.oops))
    #expect(finishing.tracker.history == [.subscription("PrefixWhile"), .finished])
    let failing = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.prefix { _ in true }
    }
    failing.publisher.send(completion: .failure(.oops))
    #expect(failing.tracker.history == [.subscription("PrefixWhile"), .failure(.oops)])
  }

  @Test func aSecondSubscriptionIsCancelled() {
    expectCancelsASecondSubscription { $0.prefix { _ in true } }
  }

  @Test func lifecycle() {
    expectLifecycle(sendValue: 31, cancellingReleasesSubscriber: false) {
      $0.prefix { $0.isMultiple(of: 2) }
    }
  }
}
