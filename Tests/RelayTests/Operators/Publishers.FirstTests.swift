import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `FirstTests` of `first()`, ported.
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
}
