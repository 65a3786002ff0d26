import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `MeasureIntervalTests`, ported to a scheduler whose clock the test moves.
@Suite struct MeasureIntervalTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>
  typealias Stride = VirtualTimeScheduler.SchedulerTimeType.Stride

  @Test func publishesTheTimeSinceThePreviousValue() {
    let scheduler = VirtualTimeScheduler()
    scheduler.rewind(to: .init(nanoseconds: 3))
    let harness = Harness(initialDemand: .max(13)) {
      $0.measureInterval(using: scheduler, options: .nontrivialOptions)
    }
    #expect(harness.tracker.history == [.subscription("MeasureInterval")])
    #expect(harness.subscription.history == [.requested(.max(13))])
    scheduler.rewind(to: .init(nanoseconds: 14))
    #expect(harness.publisher.send(1) == .none)
    scheduler.rewind(to: .init(nanoseconds: 17))
    #expect(harness.publisher.send(2) == .none)
    #expect(harness.publisher.send(3) == .none)
    scheduler.rewind(to: .init(nanoseconds: 28))
    #expect(harness.publisher.send(4) == .none)
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [
        .subscription("MeasureInterval"), .value(.nanoseconds(11)), .value(.nanoseconds(3)),
        .value(.nanoseconds(0)), .value(.nanoseconds(11)), .finished,
      ])
    #expect(harness.subscription.history == [.requested(.max(13))])
    // Nothing is scheduled: the clock is only read.
    #expect(scheduler.history.isEmpty)
  }

  @Test func returnsTheDownstreamsDemandAndPassesRequestsUp() throws {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(demandPerValue: .max(1)) {
      $0.measureInterval(using: scheduler)
    }
    #expect(harness.publisher.send(0) == .max(1))
    let downstream = try #require(harness.downstreamSubscription)
    downstream.request(.max(2))
    downstream.request(.unlimited)
    harness.publisher.send(completion: .failure(.oops))
    #expect(
      harness.tracker.history == [
        .subscription("MeasureInterval"), .value(.zero), .failure(.oops),
      ])
    #expect(harness.subscription.history == [.requested(.max(2)), .requested(.unlimited)])
  }

  @Test func nothingPassesAfterCancel() throws {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(demandPerValue: .max(1)) {
      $0.measureInterval(using: scheduler)
    }
    let downstream = try #require(harness.downstreamSubscription)
    downstream.cancel()
    downstream.request(.max(1000))
    downstream.cancel()
    #expect(harness.publisher.send(1000) == .none)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("MeasureInterval")])
    #expect(harness.subscription.history == [.cancelled])
  }

  @Test func secondSubscriptionIsCancelled() {
    let harness = Harness {
      $0.measureInterval(using: VirtualTimeScheduler())
    }
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
  }

  @Test func eachSubscriptionStartsItsOwnClock() {
    let scheduler = VirtualTimeScheduler()
    let relay = PassthroughRelay<Void>()
    var first: [Stride] = []
    var second: [Stride] = []
    let measured = relay.measureInterval(using: scheduler)
    let one = measured.sink { first.append($0) }
    scheduler.advance(by: .seconds(1))
    let two = measured.sink { second.append($0) }
    scheduler.advance(by: .seconds(2))
    relay.send(())
    #expect(first == [.seconds(3)])
    #expect(second == [.seconds(2)])
    _ = (one, two)
  }
}
