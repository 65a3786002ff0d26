import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `EmptyTests` and `FailTests`, ported.
@Suite struct EmptyTests {
  @Test func completesImmediatelyOrNever() {
    let tracker = TrackingSubscriber<Int, TestingError>()
    Empty(completeImmediately: true, outputType: Int.self, failureType: TestingError.self)
      .subscribe(tracker)
    #expect(tracker.history == [.subscription("Empty"), .finished])
    Empty(completeImmediately: false, outputType: Int.self, failureType: TestingError.self)
      .subscribe(tracker)
    #expect(tracker.history == [.subscription("Empty"), .finished, .subscription("Empty")])
  }

  @Test func cancellingOnSubscriptionStillFinishes() {
    let tracker = TrackingSubscriber<Int, TestingError>(receiveSubscription: { $0.cancel() })
    Empty(outputType: Int.self, failureType: TestingError.self).subscribe(tracker)
    #expect(tracker.history == [.subscription("Empty"), .finished])
  }

  @Test func equatable() {
    #expect(Empty<Int, TestingError>() == Empty(completeImmediately: true))
    #expect(Empty<Int, TestingError>() != Empty(completeImmediately: false))
  }

  @Test func failSendsItsErrorAtOnce() {
    let tracker = TrackingSubscriber<Int, TestingError>()
    Fail<Int, TestingError>(error: .oops).subscribe(tracker)
    #expect(tracker.history == [.subscription("Empty"), .failure(.oops)])
    let typed = Fail(outputType: String.self, failure: TestingError.boom)
    #expect(typed == Fail(error: .boom))
  }
}
