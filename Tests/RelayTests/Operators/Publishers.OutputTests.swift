import Relay
import RelayTestSupport
import TestSupport
import Testing

/// OpenCombine's `OutputTests` (Combine's outcomes), ported: `prefix(_:)`, `output(at:)` and
/// `output(in:)`.
@Suite struct OutputTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>

  @Test func theOperatorsTranslateToRanges() {
    let publisher = Empty<Void, Never>()
    #expect(publisher.prefix(89).range == 0..<89)
    #expect(publisher.prefix(.max).range == 0..<Int.max)
    #expect(publisher.prefix(0).range == 0..<0)
    #expect(publisher.output(at: 89).range == 89..<90)
    #expect(publisher.output(in: ..<8).range == 0..<8)
    #expect(publisher.output(in: ...8).range == 0..<9)
    #expect(publisher.output(in: 8...).range == 8..<Int.max)
    #expect(publisher.output(in: 4..<5).range == 4..<5)
    #expect(publisher.output(in: 4...5).range == 4..<6)
  }

  @Test func valuesInTheRangePassAndTheNextOneFinishes() {
    let harness = Harness(demandPerValue: .max(42)) { $0.output(in: 3..<7) }
    #expect(harness.publisher.send(1) == .max(1))
    #expect(harness.publisher.send(2) == .max(1))
    #expect(harness.publisher.send(3) == .max(1))
    #expect(harness.tracker.history == [.subscription("Output")])
    harness.downstreamSubscription?.request(.max(31))
    harness.downstreamSubscription?.request(.max(32))
    #expect(harness.subscription.history == [.requested(.max(31)), .requested(.max(32))])
    for value in 4...7 { #expect(harness.publisher.send(value) == .max(42)) }
    #expect(harness.publisher.send(8) == .none)
    #expect(harness.publisher.send(9) == .none)
    #expect(
      harness.tracker.history == [
        .subscription("Output"), .value(4), .value(5), .value(6), .value(7), .finished,
      ])
    #expect(
      harness.subscription.history == [.requested(.max(31)), .requested(.max(32)), .cancelled])
    harness.downstreamSubscription?.request(.max(33))
    harness.downstreamSubscription?.cancel()
    #expect(
      harness.subscription.history == [.requested(.max(31)), .requested(.max(32)), .cancelled])
  }

  @Test func prefixFinishesAtTheValueAfterTheLast() {
    let relay = PassthroughRelay<Int>()
    var events: [String] = []
    let cancellable = relay.prefix(2).sink(
      receiveCompletion: { _ in events.append("finished") },
      receiveValue: { events.append("\($0)") })
    relay.send(1)
    relay.send(2)
    #expect(events == ["1", "2"])
    relay.send(3)
    #expect(events == ["1", "2", "finished"])
    relay.send(4)
    #expect(events == ["1", "2", "finished"])
    _ = cancellable
  }

  @Test func anUpstreamCompletionBeforeTheEndPassesThrough() {
    let harness = Harness(initialDemand: .unlimited) { $0.prefix(5) }
    #expect(harness.publisher.send(1) == .none)
    harness.publisher.send(completion: .failure(.oops))
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("Output"), .value(1), .failure(.oops)])
  }

  @Test func cancelReachesTheUpstreamOnce() {
    let harness = Harness(initialDemand: .unlimited) { $0.output(in: 1..<3) }
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.request(.unlimited)
    harness.downstreamSubscription?.cancel()
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
    #expect(harness.tracker.history == [.subscription("Output")])
  }

  @Test func aSecondSubscriptionIsCancelled() {
    let harness = Harness { $0.prefix(3) }
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
  }

  @Test func aNegativeLengthStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = PassthroughRelay<Int>().prefix(-1)
    }
  }

  @Test func aNegativeIndexStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = PassthroughRelay<Int>().output(at: -1)
    }
  }
}
