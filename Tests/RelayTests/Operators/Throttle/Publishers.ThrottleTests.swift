import Foundation
import Relay
import TestSupport
import Testing

/// OpenCombine's `ThrottleTests`, ported to a scheduler whose clock the test moves, and a
/// burst on a real dispatch queue.
@Suite struct ThrottleTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>

  @Test func latestValueOfEachIntervalThenTheCompletionWithIt() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(100), demandPerValue: .max(12)) {
      $0.throttle(for: .seconds(1337), scheduler: scheduler, latest: true)
    }
    #expect(harness.tracker.history == [.subscription("Throttle")])
    #expect(harness.subscription.history == [.requested(.unlimited)])
    #expect(harness.publisher.send(1) == .none)
    #expect(scheduler.history == [.schedule(options: nil)])
    #expect(harness.publisher.send(2) == .none)
    #expect(harness.publisher.send(3) == .none)
    #expect(harness.tracker.history == [.subscription("Throttle")])
    scheduler.executeScheduledActions()
    #expect(harness.tracker.history == [.subscription("Throttle"), .value(3)])
    #expect(harness.publisher.send(4) == .none)
    #expect(
      scheduler.history == [
        .schedule(options: nil),
        .scheduleAfterDate(.seconds(1337), tolerance: .nanoseconds(7), options: nil),
      ])
    harness.publisher.send(completion: .failure(.oops))
    harness.publisher.send(completion: .finished)
    #expect(harness.publisher.send(5) == .none)
    #expect(harness.tracker.history == [.subscription("Throttle"), .value(3)])
    scheduler.executeScheduledActions()
    #expect(harness.tracker.history == [.subscription("Throttle"), .value(3)])
    scheduler.rewind(to: .seconds(1337))
    #expect(
      harness.tracker.history == [
        .subscription("Throttle"), .value(3), .value(4), .failure(.oops),
      ])
    #expect(scheduler.now == .seconds(1337))
  }

  @Test func firstValueOfEachIntervalWhenNotLatest() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .unlimited, demandPerValue: .none) {
      $0.throttle(for: .seconds(10), scheduler: scheduler, latest: false)
    }
    harness.publisher.send(1)
    harness.publisher.send(2)
    scheduler.executeScheduledActions()
    scheduler.rewind(to: .seconds(1))
    harness.publisher.send(3)
    harness.publisher.send(4)
    scheduler.rewind(to: .seconds(10))
    harness.publisher.send(5)
    scheduler.rewind(to: .seconds(30))
    #expect(harness.tracker.values == [1, 3, 5])
  }

  @Test func noDemandReceivesNoValues() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness {
      $0.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
    }
    harness.publisher.send(1)
    scheduler.rewind(to: .seconds(5))
    #expect(harness.tracker.history == [.subscription("Throttle")])
    #expect(scheduler.history == [])
    harness.downstreamSubscription?.request(.max(1))
    harness.publisher.send(2)
    // The demand went to the value waiting, so this one finds none, as in Combine.
    harness.publisher.send(3)
    scheduler.rewind(to: .seconds(10))
    #expect(harness.tracker.values == [2])
  }

  @Test func cancelWhileAValueWaits() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .unlimited, demandPerValue: .none) {
      $0.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
    }
    harness.publisher.send(1)
    harness.tracker.cancel()
    scheduler.rewind(to: .seconds(5))
    #expect(harness.tracker.history == [.subscription("Throttle")])
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test func completionRightAfterSubscribing() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .unlimited, demandPerValue: .none) {
      $0.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
    }
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("Throttle")])
    scheduler.executeScheduledActions()
    #expect(harness.tracker.history == [.subscription("Throttle"), .finished])
  }

  @Test func burstOnADispatchQueue() {
    let queue = DispatchQueue(label: "throttle")
    let relay = PassthroughRelay<Int>()
    let received = Locked<[Int]>([])
    let delivered = DispatchSemaphore(value: 0)
    let cancellable = relay.throttle(for: .milliseconds(50), scheduler: queue, latest: true)
      .sink { value in
        received.withLock { $0.append(value) }
        delivered.signal()
      }
    queue.async { for value in 1...50 { relay.send(value) } }
    #expect(delivered.wait(timeout: .now() + 10) == .success)
    queue.async { for value in 51...60 { relay.send(value) } }
    #expect(delivered.wait(timeout: .now() + 10) == .success)
    queue.sync {}
    #expect(received.withLock { $0 } == [50, 60])
    _ = cancellable
  }
}
