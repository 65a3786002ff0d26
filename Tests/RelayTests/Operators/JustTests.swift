import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `JustTests`, ported.
@Suite struct JustTests {
  @Test func sendsTheValueOnTheFirstRequestOnly() {
    let tracker = TrackingSubscriber<Int, Never>()
    Just(42).subscribe(tracker)
    #expect(tracker.history == [.subscription("Just")])
    tracker.request(.max(100))
    tracker.request(.max(1))
    #expect(tracker.history == [.subscription("Just"), .value(42), .finished])
  }

  @Test func sendsAtOnceWithInitialDemand() {
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    Just(42).subscribe(tracker)
    #expect(tracker.history == [.subscription("Just"), .value(42), .finished])
  }

  @Test func cancelOnSubscriptionSendsNothing() {
    let tracker = TrackingSubscriber<Int, Never>(receiveSubscription: {
      $0.cancel()
      $0.request(.max(1))
    })
    Just(42).subscribe(tracker)
    #expect(tracker.history == [.subscription("Just")])
  }

  @Test func cancelDuringTheValueStopsTheCompletion() {
    let tracker = TrackingSubscriber<Int, Never>(demand: nil) { subscription in
      subscription.cancel()
      return .none
    }
    Just(42).subscribe(tracker)
    tracker.request(.max(1))
    #expect(tracker.history == [.subscription("Just"), .value(42)])
  }

  @Test func requestFromInsideTheValueDoesNotSendTwice() {
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited) { subscription in
      subscription.request(.unlimited)
      return .none
    }
    Just(42).subscribe(tracker)
    #expect(tracker.history == [.subscription("Just"), .value(42), .finished])
  }

  @Test func cancellingReleasesTheSubscriber() {
    var deinitCount = 0
    do {
      let tracker = TrackingSubscriber<Int, Never>(onDeinit: { deinitCount += 1 })
      Just(42).subscribe(tracker)
      tracker.cancel()
    }
    #expect(deinitCount == 1)
  }

  @Test func equatable() {
    #expect(Just(1) == Just(1))
    #expect(Just(1) != Just(2))
  }

  @Test func requestingNoneStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let tracker = TrackingSubscriber<Int, Never>(receiveSubscription: { $0.request(.none) })
      Just(42).subscribe(tracker)
    }
  }
}
