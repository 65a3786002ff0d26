import Dispatch
import Relay
import TestSupport
import Testing

/// combine-schedulers' `UISchedulerTests`, ported: no hop on the main queue, a hop to it from
/// anywhere else; and delayed work always on the main queue.
///
/// "On the main queue" is read from a key of the test's own that it sets there, not from
/// `Thread.isMainThread`: on Linux, once the main thread calls `dispatchMain()`, a worker
/// thread drains the main queue.
@Suite struct UISchedulerTests {
  static let mainQueueKey: DispatchSpecificKey<Int> = {
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
  }()

  static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) == 1 }

  @MainActor @Test func runsAtOnceOnTheMainQueue() {
    var worked = false
    UIScheduler.shared.schedule { worked = true }
    #expect(worked)
  }

  @Test func hopsToTheMainQueueFromAnotherQueue() {
    _ = Self.mainQueueKey
    let queue = DispatchQueue(label: "ui-scheduler-tests")
    let queueKey = DispatchSpecificKey<Int>()
    queue.setSpecific(key: queueKey, value: 2)
    let ranOnMain = Locked(false)
    let ranOnTheCallersQueue = Locked(true)
    let done = DispatchSemaphore(value: 0)
    queue.async {
      UIScheduler.shared.schedule {
        ranOnMain.withLock { $0 = Self.isOnMainQueue }
        // Run at once, it would have run inside `schedule`, on the caller's queue.
        ranOnTheCallersQueue.withLock { $0 = DispatchQueue.getSpecific(key: queueKey) == 2 }
        done.signal()
      }
    }
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(ranOnMain.withLock { $0 })
    #expect(!ranOnTheCallersQueue.withLock { $0 })
  }

  @MainActor @Test func delayedWorkWaitsForTheMainQueueEvenOnIt() async {
    let ran = Locked(false)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      UIScheduler.shared.schedule(after: UIScheduler.shared.now) {
        ran.withLock { $0 = true }
        continuation.resume()
      }
      #expect(!ran.withLock { $0 })
    }
    #expect(ran.withLock { $0 })
  }

  @Test func receiveOnTheUISchedulerDeliversOnTheMainQueue() {
    _ = Self.mainQueueKey
    let relay = PassthroughRelay<Int>()
    let onMain = Locked<[Bool]>([])
    let done = DispatchSemaphore(value: 0)
    let cancellable = relay.receive(on: UIScheduler.shared).sink { _ in
      onMain.withLock { $0.append(Self.isOnMainQueue) }
      done.signal()
    }
    relay.send(1)
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(onMain.withLock { $0 } == [true])
    _ = cancellable
  }
}
