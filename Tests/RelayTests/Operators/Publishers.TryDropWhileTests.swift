import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `DropWhileTests` of `tryDrop(while:)`, ported.
@Suite struct TryDropWhileTests {
  @Test func dropsWhileThePredicateHolds() {
    expectDropsWhileEven(named: "TryDropWhile") { $0.tryDrop(while: $1) }
  }

  @Test func demand() {
    expectDropWhileDemand { $0.tryDrop(while: $1) }
  }

  @Test func aThrowCancelsTheUpstreamThenFails() {
    var upstreamAtFailure: [TestSubscription.Event] = []
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let tracker = TrackingSubscriber<Int, any Error>(
      receiveSubscription: { $0.request(.max(2)) },
      receiveCompletion: { _ in upstreamAtFailure = subscription.history })
    publisher.tryDrop {
      if $0 == 3 { throw TestingError.oops }
      return $0.isMultiple(of: 2)
    }.subscribe(tracker)
    #expect(publisher.send(2) == .max(1))
    #expect(publisher.send(3) == .none)
    #expect(publisher.send(4) == .none)
    publisher.send(completion: .finished)
    #expect(tracker.history == [.subscription("TryDropWhile"), .failure(TestingError.oops)])
    #expect(upstreamAtFailure == [.requested(.max(2)), .cancelled])
  }

  @Test func theUpstreamFailurePasses() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.tryDrop { _ in true }
    }
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.send(2) == .none)
    #expect(
      harness.tracker.history == [.subscription("TryDropWhile"), .failure(TestingError.oops)])
  }

  @Test func lifecycle() {
    expectLifecycle(sendValue: 31, cancellingReleasesSubscriber: false) {
      $0.tryDrop { _ in false }
    }
  }
}
