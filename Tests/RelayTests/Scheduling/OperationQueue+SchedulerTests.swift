import Foundation
import Relay
import TestSupport
import Testing

/// OpenCombine's `OperationQueueSchedulerTests` scheduling cases, ported, on a serial queue of
/// the test's own.
@Suite struct OperationQueueSchedulerTests {
  private func serialQueue() -> OperationQueue {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    return queue
  }

  @Test func scheduledClosuresRunAsOperationsInOrder() {
    let queue = serialQueue()
    let runs = Locked<[Int]>([])
    let elsewhere = Locked(0)
    for index in 0..<100 {
      queue.schedule {
        if OperationQueue.current !== queue { elsewhere.withLock { $0 += 1 } }
        runs.withLock { $0.append(index) }
      }
    }
    queue.waitUntilAllOperationsAreFinished()
    #expect(runs.withLock { $0 } == Array(0..<100))
    #expect(elsewhere.withLock { $0 } == 0)
  }

  @Test func aDelayedClosureRunsAsAnOperationAtItsDate() {
    let queue = serialQueue()
    let start = Date()
    let ranAt = Locked<Date?>(nil)
    let onQueue = Locked(false)
    queue.schedule(after: queue.now.advanced(by: .milliseconds(300))) {
      onQueue.withLock { $0 = OperationQueue.current === queue }
      ranAt.withLock { $0 = Date() }
    }
    #expect(eventually { ranAt.withLock { $0 } != nil })
    #expect(onQueue.withLock { $0 })
    let delay = ranAt.withLock { $0 }.map { $0.timeIntervalSince(start) } ?? 0
    #expect(delay >= 0.29)
  }

  @Test func aRepeatingClosureRunsUntilCancelled() {
    let queue = serialQueue()
    let ticks = Locked(0)
    let cancellable = queue.schedule(
      after: queue.now.advanced(by: .milliseconds(20)), interval: .milliseconds(20)
    ) { ticks.withLock { $0 += 1 } }
    #expect(eventually { ticks.withLock { $0 } >= 5 })
    cancellable.cancel()
    queue.waitUntilAllOperationsAreFinished()
    let afterCancel = ticks.withLock { $0 }
    Thread.sleep(forTimeInterval: 0.15)
    queue.waitUntilAllOperationsAreFinished()
    #expect(ticks.withLock { $0 } == afterCancel)
  }

  /// A run already added to a suspended queue when the repeating work is cancelled never runs.
  @Test func cancellingDropsRunsAlreadyQueued() {
    let queue = serialQueue()
    queue.isSuspended = true
    let ticks = Locked(0)
    let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(5)) {
      ticks.withLock { $0 += 1 }
    }
    #expect(eventually { queue.operationCount >= 2 })
    cancellable.cancel()
    queue.isSuspended = false
    queue.waitUntilAllOperationsAreFinished()
    #expect(ticks.withLock { $0 } == 0)
  }

  @Test func theClockIsTheWallClockWithNoTolerance() {
    #expect(OperationQueue.main.minimumTolerance == 0)
    #expect(abs(OperationQueue.main.now.date.timeIntervalSinceNow) < 1)
  }

  #if !canImport(Combine)
    @Test func aNonPositiveIntervalStopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        let queue = OperationQueue()
        _ = queue.schedule(after: queue.now, interval: 0) {}
      }
    }
  #endif
}
