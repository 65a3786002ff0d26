import Foundation
import Relay
import TestSupport
import Testing

/// OpenCombine's `DelayTests`, ported to a scheduler whose clock the test moves, and order on
/// a concurrent dispatch queue.
@Suite struct DelayTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>

  @Test func deliversEachEventAnIntervalLater() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(100), demandPerValue: .max(12)) {
      $0.delay(
        for: .nanoseconds(200), tolerance: .nanoseconds(5), scheduler: scheduler,
        options: .nontrivialOptions)
    }
    #expect(harness.tracker.history == [.subscription("Delay")])
    #expect(harness.subscription.history == [.requested(.max(100))])
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.publisher.send(2) == .none)
    #expect(harness.publisher.send(3) == .none)
    #expect(harness.tracker.history == [.subscription("Delay")])
    #expect(
      scheduler.history
        == Array(
          repeating: .scheduleAfterDate(
            .init(nanoseconds: 200), tolerance: .nanoseconds(5), options: .nontrivialOptions),
          count: 3))
    scheduler.rewind(to: .init(nanoseconds: 200))
    #expect(harness.tracker.history == [.subscription("Delay"), .value(1), .value(2), .value(3)])
    expectALaterDeliveryEndsWithTheFirstCompletion(
      harness, named: "Delay", waiting: { scheduler.rewind(to: .init(nanoseconds: 399)) },
      releasing: { scheduler.rewind(to: .init(nanoseconds: 400)) })
  }

  /// The demand the downstream returns goes up to the upstream after a delivery; a cancel made
  /// from inside that request ends the deliveries, and the event that waited behind the
  /// delivery never reaches the downstream after `cancel()` returned.
  @Test func cancellingFromInsideTheUpstreamsRequestEndsTheDeliveries() {
    let scheduler = VirtualTimeScheduler()
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    // Inside the first delivery, the second event's time comes too: it waits behind it.
    let downstream = CancellingFromRequest(
      demand: .max(2), armedAfter: 1, upstreams: [subscription],
      onValue: { count in if count == 1 { scheduler.executeScheduledActions() } })
    publisher.delay(for: .nanoseconds(100), scheduler: scheduler).subscribe(downstream.tracker)
    _ = publisher.send(1)
    _ = publisher.send(2)
    scheduler.rewind(to: .init(nanoseconds: 100))
    #expect(downstream.log == downstream.expected)
    #expect(downstream.tracker.values == [1])
  }

  @Test func requestsGoUpAtOnceAndCancelStopsEverything() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness {
      $0.delay(for: .seconds(1), scheduler: scheduler)
    }
    harness.downstreamSubscription?.request(.max(3))
    #expect(harness.subscription.history == [.requested(.max(3))])
    harness.publisher.send(1)
    harness.tracker.cancel()
    harness.tracker.cancel()
    scheduler.rewind(to: .seconds(5))
    #expect(harness.tracker.history == [.subscription("Delay")])
    #expect(harness.subscription.history == [.requested(.max(3)), .cancelled])
  }

  @Test func completionRightAfterAValue() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .unlimited, demandPerValue: .none) {
      $0.delay(for: .seconds(1), scheduler: scheduler)
    }
    harness.publisher.send(1)
    harness.publisher.send(completion: .finished)
    scheduler.rewind(to: .seconds(1))
    #expect(harness.tracker.history == [.subscription("Delay"), .value(1), .finished])
  }

  @Test func keepsTheOrderOnAConcurrentQueue() {
    let relay = PassthroughRelay<Int>()
    let received = Locked<[Int]>([])
    let done = DispatchSemaphore(value: 0)
    let cancellable = relay.delay(for: .milliseconds(5), scheduler: DispatchQueue.global())
      .sink { value in
        received.withLock { $0.append(value) }
        if value == 200 { done.signal() }
      }
    for value in 1...200 { relay.send(value) }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(received.withLock { $0 } == Array(1...200))
    _ = cancellable
  }
}
