import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `PrefixWhileTests` of `tryPrefix(while:)`, ported.
@Suite struct TryPrefixWhileTests {
  @Test func passesValuesWhileThePredicateHolds() {
    expectPrefixWhileEven(named: "TryPrefixWhile") { $0.tryPrefix(while: $1) }
  }

  @Test func aThrowCancelsTheUpstreamThenFails() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(3), demandPerValue: .max(42)
    ) {
      $0.tryPrefix {
        if $0 == 5 { throw TestingError.oops }
        return $0.isMultiple(of: 2)
      }
    }
    #expect(harness.publisher.send(2) == .max(42))
    #expect(harness.publisher.send(4) == .max(42))
    #expect(harness.publisher.send(5) == .none)
    #expect(harness.subscription.history == [.requested(.max(3)), .cancelled])
    #expect(harness.publisher.send(6) == .none)
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [
        .subscription("TryPrefixWhile"), .value(2), .value(4), .failure(TestingError.oops),
      ])
  }

  @Test func theUpstreamFailurePasses() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.tryPrefix { _ in true }
    }
    harness.publisher.send(completion: .failure(.oops))
    #expect(
      harness.tracker.history == [.subscription("TryPrefixWhile"), .failure(TestingError.oops)])
  }
}
