import Dispatch
import Foundation
import Testing

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

/// Polls `condition` until it holds or `seconds` pass, sleeping between polls, so that work
/// queued for the caller's actor (the main actor's, say) runs meanwhile; returns whether it held.
///
/// It runs on the caller's actor, so `condition` may read that actor's state. The wait is
/// bounded by the clock, not by a count of polls: on a loaded machine (Thread Sanitizer on two
/// cores) a one-millisecond sleep can take far longer.
@discardableResult
public nonisolated(nonsending) func waitUntil(
  within seconds: Double = 20, _ condition: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: .seconds(seconds))
  while !condition() {
    if clock.now > deadline { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}

/// Runs `body` on a new thread and waits at most `seconds` for it; returns whether it
/// returned in time.
///
/// A test of a deadlock fails this way instead of hanging; the stuck thread is left behind, so
/// unblock it afterwards when the test can.
public func finishes(within seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    body()
    done.signal()
  }
  return done.wait(timeout: .now() + seconds) == .success
}

/// Runs `body` on another thread and waits for it at most `seconds`, recording a test issue
/// when it did not return: a deadlock fails the test instead of hanging it (the stuck thread
/// is left behind).
public func finishesWithin(
  seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable () -> Void
) -> Bool {
  let finished = finishes(within: seconds, body)
  #expect(finished, "deadlock: did not finish within \(seconds) s", sourceLocation: sourceLocation)
  return finished
}
