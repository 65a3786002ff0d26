import Dispatch

/// A canceller blocked until the round delivering to its subscriber on another thread ends.
@usableFromInline
final class RelayWaiter: Sendable {
  @usableFromInline let semaphore = DispatchSemaphore(value: 0)

  @inlinable init() {}

  @inlinable func wait() { semaphore.wait() }

  @inlinable func wake() { semaphore.signal() }
}
