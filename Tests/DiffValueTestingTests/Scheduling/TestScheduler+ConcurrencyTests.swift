import DiffValue
import Dispatch
import TestSupport
import Testing

@testable import DiffValueTesting

/// combine-schedulers' async cases, ported: `sleep(for:)`, `timer(interval:)` and `run()` on a
/// test scheduler; and `sleep(until:)`, cancellation and `measure(_:)`.
///
/// Before advancing, each waits until the task has scheduled its work: the package has no serial
/// executor to run the task first, as combine-schedulers' `withMainSerialExecutor` does.
@Suite struct SchedulerConcurrencyTests {
  /// Waits (yielding) until `count` actions are queued.
  static func waitUntil(
    _ scheduler: TestSchedulerOf<DispatchQueue>, hasQueued count: Int
  ) async -> Bool {
    // Generous: under Thread Sanitizer on two cores, tests that block their threads can keep a
    // new task from starting for many seconds.
    await TestSupport.waitUntil(within: 120) { scheduler.queuedCount >= count }
  }

  @Test func sleepResumesWhenTheClockGetsThere() async throws {
    let scheduler = DispatchQueue.test
    let woke = Locked(false)
    let task = Task {
      try await scheduler.sleep(for: .seconds(1))
      woke.withLock { $0 = true }
    }
    #expect(await Self.waitUntil(scheduler, hasQueued: 1))
    await scheduler.advance(by: .milliseconds(999))
    #expect(!woke.withLock { $0 })
    await scheduler.advance(by: .milliseconds(1))
    try await task.value
    #expect(woke.withLock { $0 })
  }

  @Test func sleepUntilAMoment() async throws {
    let scheduler = DispatchQueue.test
    let deadline = scheduler.now.advanced(by: .seconds(3))
    let task = Task { try await scheduler.sleep(until: deadline) }
    #expect(await Self.waitUntil(scheduler, hasQueued: 1))
    await scheduler.advance(to: deadline)
    try await task.value
    #expect(scheduler.now == deadline)
  }

  @Test func aCancelledSleepThrowsWithoutTheClock() async {
    let scheduler = DispatchQueue.test
    let task = Task { try await scheduler.sleep(for: .seconds(1)) }
    #expect(await Self.waitUntil(scheduler, hasQueued: 1))
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    let late = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await scheduler.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await late.value }
  }

  @Test func sleepOnAnImmediateSchedulerReturnsAtOnce() async throws {
    try await DispatchQueue.immediate.sleep(for: .seconds(60))
  }

  @Test func timerYieldsOncePerInterval() async {
    let scheduler = DispatchQueue.test
    let task = Task {
      await scheduler.timer(interval: .seconds(1)).prefix(10).reduce(into: 0) { count, _ in
        count += 1
      }
    }
    #expect(await Self.waitUntil(scheduler, hasQueued: 1))
    await scheduler.advance(by: .seconds(10))
    #expect(await task.value == 10)
  }

  @Test func runEndsWhenTheTimersConsumerStops() async {
    let scheduler = DispatchQueue.test
    let task = Task {
      await scheduler.timer(interval: .seconds(1)).prefix(10).reduce(into: 0) { count, _ in
        count += 1
      }
    }
    #expect(await Self.waitUntil(scheduler, hasQueued: 1))
    // The tenth element ends the loop, whose stream then cancels the schedule, and `run()`
    // returns: it lets the consuming task run between ticks.
    await scheduler.run()
    #expect(await task.value == 10)
    #expect(scheduler.queuedCount == 0)
  }

  @Test func measureTellsHowFarTheClockMoved() {
    let scheduler = DispatchQueue.test
    let elapsed = scheduler.measure { scheduler.advance(by: .seconds(2)) }
    #expect(elapsed == .seconds(2))
    #expect(DispatchQueue.immediate.measure {} == .zero)
  }
}
