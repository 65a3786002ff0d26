import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `FilterTests` of `tryFilter`, ported.
@Suite struct TryFilterTests {
  @Test func dropsWhatFailsAndFailsOnAThrow() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(5), demandPerValue: .max(2)
    ) {
      $0.tryFilter {
        if $0 == 7 { throw TestingError.oops }
        return $0.isMultiple(of: 2)
      }
    }
    #expect(harness.publisher.send(1) == .max(1))
    #expect(harness.publisher.send(2) == .max(2))
    #expect(harness.publisher.send(7) == .none)
    #expect(harness.publisher.send(8) == .none)
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [
        .subscription("TryFilter"), .value(2), .failure(TestingError.oops),
      ])
    #expect(harness.subscription.history == [.requested(.max(5)), .cancelled])
  }

  @Test func theUpstreamsCompletionPasses() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.tryFilter { _ in true }
    }
    harness.publisher.send(completion: .failure(.oops))
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("TryFilter"), .failure(TestingError.oops)])
  }

  @Test func requestsPassUpAndCancelStopsEverything() {
    let harness = OperatorHarness<Int, TestingError, _> { $0.tryFilter { _ in true } }
    harness.downstreamSubscription?.request(.max(3))
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.request(.max(3))
    #expect(harness.subscription.history == [.requested(.max(3)), .cancelled])
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.tracker.history == [.subscription("TryFilter")])
  }

  @Test func lifecycle() {
    expectLifecycle(sendValue: 31, cancellingReleasesSubscriber: false) {
      $0.tryFilter { _ in true }
    }
  }
}
