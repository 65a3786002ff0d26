import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `AssertNoFailureTests`, ported.
@Suite struct AssertNoFailureTests {
  @Test func passesEverythingOnWithTheUpstreamsSubscription() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(3), demandPerValue: .max(1)
    ) { $0.assertNoFailure() }
    #expect(harness.publisher.send(1) == .max(1))
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [.subscription("CustomSubscription"), .value(1), .finished])
    let publisher = TestPublisher<Int, TestingError>(subscription: nil)
    publisher.assertNoFailure().subscribe(TrackingSubscriber<Int, Never>())
    #expect("\(publisher.erasedSubscriber!)" == "AssertNoFailure")
  }

  @Test func aFailureStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let publisher = TestPublisher<Int, TestingError>(subscription: TestSubscription())
      let cancellable = publisher.assertNoFailure("catalog: ").sink { _ in }
      publisher.send(completion: .failure(.oops))
      _ = cancellable
    }
  }
}
