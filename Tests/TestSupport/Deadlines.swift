import Dispatch
import Foundation

/// Polls `condition` until it holds or `seconds` pass; returns whether it held.
///
/// Deliveries handed to a relay's drainer finish after the senders return, so a test that
/// joins its threads waits for them this way rather than reading at once.
public func eventually(within seconds: Double = 20, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while !condition() {
    if Date() > deadline { return false }
    usleep(200)
  }
  return true
}

/// Runs `body` on a new thread and waits at most `seconds` for it; returns whether it
/// returned in time. A test of a deadlock fails this way instead of hanging; the stuck
/// thread is left behind, so unblock it afterwards when the test can.
public func finishes(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    body()
    done.signal()
  }
  return done.wait(timeout: .now() + seconds) == .success
}
