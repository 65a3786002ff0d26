import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ReplaceErrorTests`, ported.
@Suite struct ReplaceErrorTests {
  @Test func replaceErrorWithDemand() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .max(1)
    ) { $0.replaceError(with: 42) }
    #expect(harness.publisher.send(41) == .max(1))
    harness.publisher.send(completion: .failure(.oops))
    #expect(
      harness.tracker.history == [.subscription("ReplaceError"), .value(41), .value(42), .finished])
  }

  @Test func replaceErrorWithoutErrorFinishes() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .none
    ) { $0.replaceError(with: 40) }
    #expect(harness.publisher.send(42) == .none)
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("ReplaceError"), .value(42), .finished])
  }

  @Test func replacementWaitsForDemand() {
    let harness = OperatorHarness<Int, TestingError, _> { $0.replaceError(with: 42) }
    harness.publisher.send(completion: .failure(.oops))
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("ReplaceError")])
    harness.downstreamSubscription?.request(.max(1))
    #expect(harness.tracker.history == [.subscription("ReplaceError"), .value(42), .finished])
    #expect(harness.publisher.send(-1) == .none)
    #expect(harness.tracker.history == [.subscription("ReplaceError"), .value(42), .finished])
  }

  @Test func replacementWaitsWhenDemandRanOut() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .none
    ) { $0.replaceError(with: 42) }
    #expect(harness.publisher.send(9) == .none)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("ReplaceError"), .value(9)])
    harness.downstreamSubscription?.request(.max(1))
    #expect(
      harness.tracker.history == [.subscription("ReplaceError"), .value(9), .value(42), .finished])
  }
}
