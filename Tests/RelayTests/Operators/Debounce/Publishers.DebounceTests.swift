import Foundation
import Relay
import TestSupport
import Testing

/// OpenCombine's `DebounceTests`, ported to a scheduler whose clock the test moves, and a
/// burst on a real dispatch queue.
@Suite struct DebounceTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>

  @Test func deliversTheLastValueOfABurstAfterTheQuietTime() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(2), demandPerValue: .max(1)) {
      $0.debounce(for: .nanoseconds(13), scheduler: scheduler)
    }
    #expect(harness.tracker.history == [.subscription("Debounce")])
    #expect(harness.subscription.history == [.requested(.unlimited)])
    #expect(harness.publisher.send(1) == .none)
    scheduler.rewind(to: .init(nanoseconds: 4))
    #expect(harness.publisher.send(2) == .none)
    scheduler.rewind(to: .init(nanoseconds: 9))
    #expect(harness.publisher.send(3) == .none)
    scheduler.rewind(to: .init(nanoseconds: 21))
    #expect(harness.tracker.history == [.subscription("Debounce")])
    scheduler.rewind(to: .init(nanoseconds: 22))
    #expect(harness.tracker.history == [.subscription("Debounce"), .value(3)])
    scheduler.rewind(to: .init(nanoseconds: 200))
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.send(-1) == .none)
    #expect(harness.tracker.history == [.subscription("Debounce"), .value(3)])
    scheduler.rewind(to: .init(nanoseconds: 300))
    #expect(harness.tracker.history == [.subscription("Debounce"), .value(3), .finished])
    #expect(harness.subscription.history == [.requested(.unlimited)])
  }

  @Test(arguments: [true, false]) func completionBeforeTheQuietTimeDropsTheValue(fails: Bool) {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(1), demandPerValue: .none) {
      $0.debounce(for: .nanoseconds(13), scheduler: scheduler)
    }
    #expect(harness.publisher.send(1) == .none)
    scheduler.rewind(to: .init(nanoseconds: 4))
    harness.publisher.send(completion: fails ? .failure(.oops) : .finished)
    #expect(harness.tracker.history == [.subscription("Debounce")])
    scheduler.rewind(to: .init(nanoseconds: 100))
    #expect(
      harness.tracker.history == [.subscription("Debounce"), fails ? .failure(.oops) : .finished])
  }

  @Test func cancelBeforeTheQuietTime() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(1), demandPerValue: .none) {
      $0.debounce(for: .nanoseconds(13), scheduler: scheduler)
    }
    harness.publisher.send(1)
    scheduler.rewind(to: .init(nanoseconds: 4))
    harness.tracker.cancel()
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
    scheduler.rewind(to: .init(nanoseconds: 100))
    #expect(harness.tracker.history == [.subscription("Debounce")])
  }

  @Test func aValueWithoutDemandIsDropped() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness {
      $0.debounce(for: .nanoseconds(13), scheduler: scheduler)
    }
    harness.publisher.send(1)
    scheduler.rewind(to: .init(nanoseconds: 100))
    #expect(harness.tracker.history == [.subscription("Debounce")])
    harness.downstreamSubscription?.request(.max(1))
    scheduler.rewind(to: .init(nanoseconds: 200))
    #expect(harness.tracker.history == [.subscription("Debounce")])
    harness.publisher.send(2)
    scheduler.rewind(to: .init(nanoseconds: 300))
    #expect(harness.tracker.history == [.subscription("Debounce"), .value(2)])
  }

  @Test func separateBurstsEachDeliverTheirLastValue() {
    let scheduler = VirtualTimeScheduler()
    let relay = PassthroughRelay<String>()
    var received: [String] = []
    let cancellable = relay.debounce(for: .milliseconds(300), scheduler: scheduler)
      .sink { received.append($0) }
    for text in ["h", "he", "hel"] {
      relay.send(text)
      scheduler.advance(by: .milliseconds(100))
    }
    scheduler.advance(by: .milliseconds(400))
    relay.send("help")
    scheduler.advance(by: .milliseconds(299))
    #expect(received == ["hel"])
    scheduler.advance(by: .milliseconds(1))
    #expect(received == ["hel", "help"])
    _ = cancellable
  }

  @Test func secondSubscriptionIsCancelled() {
    let harness = Harness {
      $0.debounce(for: .nanoseconds(1), scheduler: VirtualTimeScheduler())
    }
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
  }

  @Test func burstOnADispatchQueueDeliversItsLastValueOnce() {
    let queue = DispatchQueue(label: "debounce")
    let relay = PassthroughRelay<Int>()
    let received = Locked<[Int]>([])
    let delivered = DispatchSemaphore(value: 0)
    let cancellable = relay.debounce(for: .milliseconds(20), scheduler: queue).sink { value in
      received.withLock { $0.append(value) }
      delivered.signal()
    }
    // The burst runs as one block on the scheduler's own serial queue, so however slow the
    // machine, no timer can run in the middle of it.
    queue.async { for value in 1...50 { relay.send(value) } }
    #expect(delivered.wait(timeout: .now() + 10) == .success)
    Thread.sleep(forTimeInterval: 0.1)
    queue.sync {}
    #expect(received.withLock { $0 } == [50])
    _ = cancellable
  }
}
