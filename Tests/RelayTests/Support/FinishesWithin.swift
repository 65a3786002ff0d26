import TestSupport
import Testing

/// Runs `body` on another thread and waits for it at most `seconds`: a deadlock fails the
/// test instead of hanging it (the stuck thread is left behind).
func finishesWithin(
  seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable () -> Void
) -> Bool {
  let finished = finishes(within: seconds, body)
  #expect(finished, "deadlock: did not finish within \(seconds) s", sourceLocation: sourceLocation)
  return finished
}
