import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ScanTests`, ported.
@Suite struct ScanTests {
  @Test func passesDemandAndTheUpstreamSubscription() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(42), demandPerValue: .max(4)
    ) { $0.scan(0, +) }
    #expect(harness.subscription.history == [.requested(.max(42))])
    #expect(harness.publisher.send(1) == .max(4))
    #expect(harness.publisher.send(2) == .max(4))
    #expect(harness.publisher.send(3) == .max(4))
    harness.publisher.send(completion: .failure(.oops))
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .value(1), .value(3), .value(6), .failure(.oops),
      ])
  }

  @Test func runningSums() {
    var received: [Int] = []
    _ = (1...5).publisher.scan(0, +).sink { received.append($0) }
    #expect(received == [1, 3, 6, 10, 15])
  }

  @Test func eachSubscriberStartsFromTheInitialResult() {
    let relay = PassthroughRelay<Int>()
    let counted = relay.scan(0) { count, _ in count + 1 }
    var first: [Int] = []
    var second: [Int] = []
    let a = counted.sink { first.append($0) }
    relay.send(7)
    let b = counted.sink { second.append($0) }
    relay.send(7)
    #expect(first == [1, 2])
    #expect(second == [1])
    _ = (a, b)
  }

  @Test func cancelPassesUp() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .unlimited, demandPerValue: .none
    ) { $0.scan(0, +) }
    harness.tracker.cancel()
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
  }
}
