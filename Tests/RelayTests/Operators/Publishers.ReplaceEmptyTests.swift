import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ReplaceEmptyTests`, ported.
@Suite struct ReplaceEmptyTests {
  @Test func anEmptyUpstreamYieldsTheReplacement() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(1)) {
      $0.replaceEmpty(with: 42)
    }
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("ReplaceEmpty"), .value(42), .finished])
  }

  @Test func valuesAreNotReplaced() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(1)) {
      $0.replaceEmpty(with: 42)
    }
    #expect(harness.publisher.send(3) == .none)
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("ReplaceEmpty"), .value(3), .finished])
  }

  @Test func aFailurePassesAtOnce() {
    let harness = OperatorHarness<Int, TestingError, _>(demandPerValue: .max(1)) {
      $0.replaceEmpty(with: 42)
    }
    harness.publisher.send(completion: .failure(.oops))
    harness.downstreamSubscription?.request(.unlimited)
    #expect(harness.publisher.send(-1) == .none)
    #expect(harness.tracker.history == [.subscription("ReplaceEmpty"), .failure(.oops)])
  }

  @Test func theReplacementWaitsForDemand() {
    let harness = OperatorHarness<Int, TestingError, _> { $0.replaceEmpty(with: 22) }
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("ReplaceEmpty")])
    harness.downstreamSubscription?.request(.max(1))
    harness.downstreamSubscription?.request(.max(1))
    #expect(harness.tracker.history == [.subscription("ReplaceEmpty"), .value(22), .finished])
  }

  /// Combine asks the upstream for everything as well as passing the subscriber's requests on.
  @Test func demand() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(42), demandPerValue: .max(4)
    ) { $0.replaceEmpty(with: 832) }
    #expect(harness.subscription.history == [.requested(.max(42)), .requested(.unlimited)])
    #expect(harness.publisher.send(0) == .max(4))
    harness.downstreamSubscription?.request(.max(95))
    #expect(
      harness.subscription.history == [
        .requested(.max(42)), .requested(.unlimited), .requested(.max(95)),
      ])
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.request(.max(50))
    #expect(
      harness.subscription.history == [
        .requested(.max(42)), .requested(.unlimited), .requested(.max(95)), .cancelled,
      ])
    #expect(harness.publisher.send(8) == .none)
  }

  @Test func nothingAfterTheCompletionCounts() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.replaceEmpty(with: 33)
    }
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("ReplaceEmpty"), .value(33), .finished])
  }

  @Test func aSecondSubscriptionIsCancelled() {
    let harness = OperatorHarness<Int, TestingError, _> { $0.replaceEmpty(with: 0) }
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
    harness.downstreamSubscription?.cancel()
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
  }
}
