import Relay
import Testing

/// OpenCombine's `FirstTests` (`first()`, `first(where:)`) and `CollectTests`, ported.
@Suite struct FirstTests {
  @Test func firstValueThenCancelsTheUpstream() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .none
    ) { $0.first() }
    #expect(harness.tracker.history == [.subscription("First")])
    #expect(harness.subscription.history == [.requested(.unlimited)])
    #expect(harness.publisher.send(3) == .none)
    #expect(harness.tracker.history == [.subscription("First"), .value(3), .finished])
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
    #expect(harness.publisher.send(4) == .none)
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("First"), .value(3), .finished])
  }

  @Test func theValueWaitsForDemand() {
    let harness = OperatorHarness<Int, TestingError, _> { $0.first() }
    harness.publisher.send(3)
    #expect(harness.tracker.history == [.subscription("First")])
    harness.downstreamSubscription?.request(.max(1))
    #expect(harness.tracker.history == [.subscription("First"), .value(3), .finished])
  }

  @Test func finishingWithoutValues() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .none
    ) { $0.first() }
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("First"), .finished])
  }

  @Test func failurePassesAtOnce() {
    let harness = OperatorHarness<Int, TestingError, _> { $0.first() }
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("First"), .failure(.oops)])
  }

  @Test func cancelBeforeTheValue() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .none
    ) { $0.first() }
    harness.tracker.cancel()
    harness.tracker.cancel()
    harness.publisher.send(1)
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
    #expect(harness.tracker.history == [.subscription("First")])
  }

  @Test func firstWhere() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .none
    ) { $0.first(where: { $0 > 2 }) }
    #expect(harness.tracker.history == [.subscription("TryFirst")])
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.publisher.send(2) == .none)
    #expect(harness.tracker.history == [.subscription("TryFirst")])
    #expect(harness.publisher.send(3) == .none)
    #expect(harness.tracker.history == [.subscription("TryFirst"), .value(3), .finished])
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test func firstOnARelay() {
    let relay = CurrentValueRelay(5)
    var received: [Int] = []
    var finished = false
    let cancellable = relay.first().sink(
      receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
    relay.send(6)
    #expect(received == [5])
    #expect(finished)
    _ = cancellable
  }

  @Test func collectGathersEverything() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .none
    ) { $0.collect() }
    #expect(harness.subscription.history == [.requested(.unlimited)])
    harness.publisher.send(1)
    harness.publisher.send(2)
    #expect(harness.tracker.history == [.subscription("Collect")])
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("Collect"), .value([1, 2]), .finished])
  }

  @Test func collectWaitsForDemandAndFailsAtOnce() {
    let waiting = OperatorHarness<Int, TestingError, _> { $0.collect() }
    waiting.publisher.send(completion: .finished)
    #expect(waiting.tracker.history == [.subscription("Collect")])
    waiting.downstreamSubscription?.request(.max(1))
    #expect(waiting.tracker.history == [.subscription("Collect"), .value([]), .finished])

    let failing = OperatorHarness<Int, TestingError, _> { $0.collect() }
    failing.publisher.send(1)
    failing.publisher.send(completion: .failure(.oops))
    #expect(failing.tracker.history == [.subscription("Collect"), .failure(.oops)])
  }

  @Test func secondSubscriptionIsCancelled() {
    let harness = OperatorHarness<Int, TestingError, _> { $0.collect() }
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
  }
}
