import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `FirstTests` of `first(where:)`, ported.
@Suite struct FirstWhereTests {
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
}
