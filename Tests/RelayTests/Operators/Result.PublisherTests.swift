import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ResultPublisherTests`, ported.
@Suite struct ResultPublisherTests {
  @Test func aSuccessWaitsForTheFirstRequest() {
    let tracker = TrackingSubscriber<Int, TestingError>()
    Result<Int, TestingError>.success(42).publisher.subscribe(tracker)
    #expect(tracker.history == [.subscription("Once")])
    tracker.request(.max(1))
    tracker.request(.max(1))
    #expect(tracker.history == [.subscription("Once"), .value(42), .finished])
  }

  @Test func aFailureFailsAtOnce() {
    let tracker = TrackingSubscriber<Int, TestingError>()
    Result<Int, TestingError>.failure(.oops).publisher.subscribe(tracker)
    #expect(tracker.history == [.subscription("Empty"), .failure(.oops)])
  }

  @Test func itsInitializers() {
    #expect(Result<Int, TestingError>.Publisher(3).result == .success(3))
    #expect(Result<Int, TestingError>.Publisher(TestingError.oops).result == .failure(.oops))
    #expect(
      Result<Int, TestingError>.Publisher(.success(5)) == Result.success(5).publisher)
  }

  @Test func cancellingOnTheSubscriptionSendsNothing() {
    let tracker = TrackingSubscriber<Int, TestingError>(receiveSubscription: { $0.cancel() })
    Result<Int, TestingError>.success(1).publisher.subscribe(tracker)
    tracker.request(.max(1))
    #expect(tracker.history == [.subscription("Once")])
  }
}
