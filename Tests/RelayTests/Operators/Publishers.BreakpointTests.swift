import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `BreakpointTests`, ported.
@Suite struct BreakpointTests {
  @Test func passesEverythingOnWhenNoClosureSaysStop() {
    var asked: [String] = []
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(2), demandPerValue: .max(1)
    ) {
      $0.breakpoint(
        receiveSubscription: { _ in
          asked.append("subscription")
          return false
        },
        receiveOutput: {
          asked.append("value \($0)")
          return false
        },
        receiveCompletion: { _ in
          asked.append("completion")
          return false
        })
    }
    #expect(harness.publisher.send(7) == .max(1))
    harness.publisher.send(completion: .finished)
    #expect(asked == ["subscription", "value 7", "completion"])
    #expect(
      harness.tracker.history == [.subscription("CustomSubscription"), .value(7), .finished])
    #expect(harness.subscription.history == [.requested(.max(2))])
  }

  @Test func breakpointOnErrorLetsFinishedThrough() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.breakpointOnError()
    }
    harness.publisher.send(1)
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [.subscription("CustomSubscription"), .value(1), .finished])
  }

  @Test func aClosureThatSaysStopRaisesSIGTRAP() async {
    await #expect(processExitsWith: .failure) {
      let publisher = TestPublisher<Int, TestingError>(subscription: TestSubscription())
      let cancellable = publisher.breakpoint(receiveOutput: { $0 == 3 }).sink(
        receiveCompletion: { _ in }, receiveValue: { _ in })
      publisher.send(3)
      _ = cancellable
    }
  }

  @Test func breakpointOnErrorRaisesAtAFailure() async {
    await #expect(processExitsWith: .failure) {
      let publisher = TestPublisher<Int, TestingError>(subscription: TestSubscription())
      let cancellable = publisher.breakpointOnError().sink(
        receiveCompletion: { _ in }, receiveValue: { _ in })
      publisher.send(completion: .failure(.oops))
      _ = cancellable
    }
  }
}
