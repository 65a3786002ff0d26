import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `MapErrorTests`, ported.
@Suite struct MapErrorTests {
  enum OtherError: Error, Equatable {
    case wrapped(TestingError)
  }

  @Test func mapErrorTransformsOnlyTheError() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(2), demandPerValue: .max(1)
    ) { $0.mapError { OtherError.wrapped($0) } }
    #expect(harness.subscription.history == [.requested(.max(2))])
    #expect(harness.publisher.send(1) == .max(1))
    harness.publisher.send(completion: .failure(.oops))
    #expect(
      harness.tracker.history == [
        .subscription("CustomSubscription"), .value(1), .failure(.wrapped(.oops)),
      ])
    harness.tracker.cancel()
    #expect(harness.subscription.history == [.requested(.max(2)), .cancelled])
  }
}
