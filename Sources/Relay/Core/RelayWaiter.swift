import Dispatch

/// A canceller blocked until the round delivering to its subscriber on another thread ends.
@usableFromInline
final class RelayWaiter: Sendable {
  @usableFromInline let semaphore = DispatchSemaphore(value: 0)

  @inlinable init() {}

  @inlinable func wait() { semaphore.wait() }

  @inlinable func wake() { semaphore.signal() }
}

/// A non-generic face for work handed to `@Sendable` closures, which may not capture generic
/// metatypes that are not known to be sendable.
@usableFromInline
protocol SendableAction: AnyObject, Sendable {
  /// Does the work.
  func run()
}
