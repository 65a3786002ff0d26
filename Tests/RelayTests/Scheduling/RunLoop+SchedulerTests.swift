import Foundation
import Relay
import TestSupport
import Testing

/// OpenCombine's `RunLoopSchedulerTests` scheduling cases, ported: on a run loop of a thread
/// of the test's own, since nothing runs the main run loop here.
@Suite struct RunLoopSchedulerTests {
  /// A thread running its run loop until the test ends.
  final class LoopThread: @unchecked Sendable {
    // Written once before `ready` is signalled, read after.
    private(set) var runLoop: RunLoop!
    private(set) var thread: Thread!
    private let ready = DispatchSemaphore(value: 0)
    private let stopped = Locked(false)

    init() {
      thread = Thread { [self] in
        let loop = RunLoop.current
        // A run loop with no source or timer returns from `run` at once.
        loop.add(
          Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }, forMode: .default)
        runLoop = loop
        ready.signal()
        while !stopped.withLock({ $0 }) {
          _ = loop.run(mode: .default, before: Date(timeIntervalSinceNow: 2))
        }
      }
      thread.start()
      ready.wait()
    }

    func stop() { stopped.withLock { $0 = true } }
  }

  @Test func scheduledClosuresRunOnTheLoopsThreadInOrder() {
    let loop = LoopThread()
    defer { loop.stop() }
    let runs = Locked<[Int]>([])
    let elsewhere = Locked(0)
    let done = DispatchSemaphore(value: 0)
    for index in 0..<200 {
      loop.runLoop.schedule {
        if Thread.current != loop.thread { elsewhere.withLock { $0 += 1 } }
        runs.withLock { $0.append(index) }
        if index == 199 { done.signal() }
      }
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(runs.withLock { $0 } == Array(0..<200))
    #expect(elsewhere.withLock { $0 } == 0)
  }

  /// A closure scheduled while the loop sleeps (for up to 2 s) wakes it: each waits for the one
  /// before.
  @Test func aScheduledClosureWakesASleepingLoop() {
    let loop = LoopThread()
    defer { loop.stop() }
    let ran = DispatchSemaphore(value: 0)
    for _ in 0..<20 {
      loop.runLoop.schedule { ran.signal() }
      #expect(ran.wait(timeout: .now() + 1) == .success)
    }
  }

  @Test func aDelayedClosureRunsAtItsDate() {
    let loop = LoopThread()
    defer { loop.stop() }
    let start = Date()
    let ranAt = Locked<Date?>(nil)
    let done = DispatchSemaphore(value: 0)
    let scheduler = loop.runLoop!
    scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(300))) {
      ranAt.withLock { $0 = Date() }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
    let delay = ranAt.withLock { $0 }.map { $0.timeIntervalSince(start) } ?? 0
    #expect(delay >= 0.29)
  }

  @Test func aRepeatingClosureRunsUntilCancelled() {
    let loop = LoopThread()
    defer { loop.stop() }
    let ticks = Locked(0)
    let scheduler = loop.runLoop!
    let cancellable = scheduler.schedule(
      after: scheduler.now.advanced(by: .milliseconds(20)), interval: .milliseconds(20)
    ) { ticks.withLock { $0 += 1 } }
    #expect(eventually { ticks.withLock { $0 } >= 5 })
    cancellable.cancel()
    // A tick the loop had begun may still end; none begins afterwards.
    Thread.sleep(forTimeInterval: 0.05)
    let afterCancel = ticks.withLock { $0 }
    Thread.sleep(forTimeInterval: 0.15)
    #expect(ticks.withLock { $0 } == afterCancel)
  }

  @Test func theClockIsTheWallClockWithNoTolerance() {
    #expect(RunLoop.main.minimumTolerance == 0)
    #expect(abs(RunLoop.main.now.date.timeIntervalSinceNow) < 1)
  }

  /// A time operator on a run loop delivers on its thread.
  @Test func receiveOnDeliversOnTheLoopsThread() {
    let loop = LoopThread()
    defer { loop.stop() }
    let received = Locked<[Int]>([])
    let elsewhere = Locked(0)
    let cancellable = [1, 2, 3].publisher.receive(on: loop.runLoop!).sink { value in
      if Thread.current != loop.thread { elsewhere.withLock { $0 += 1 } }
      received.withLock { $0.append(value) }
    }
    #expect(eventually { received.withLock { $0 } == [1, 2, 3] })
    #expect(elsewhere.withLock { $0 } == 0)
    cancellable.cancel()
  }
}
