import Relay

/// Resumes an `await apply` once: when the change is shown, or, when the updater drops the
/// completion without calling it (released with the change waiting), when it is released.
final class ListApplyWaiter: Sendable {
  // The continuation is taken once, under the lock, by whichever comes first.
  private let continuation: Lock<CheckedContinuation<Bool, Never>?>

  /// Creates a waiter that resumes `continuation`.
  init(_ continuation: CheckedContinuation<Bool, Never>) {
    self.continuation = Lock.make(continuation)
  }

  /// Resumes the waiting task, the first time only.
  ///
  /// - Parameter shown: Whether the view shows the change.
  func resume(shown: Bool) {
    continuation.withLock { $0.take() }?.resume(returning: shown)
  }

  deinit { resume(shown: false) }
}

/// Submits a change with a completion that resumes the caller, and waits.
///
/// - Parameter submit: Submits the change with the completion it is given.
/// - Returns: `true` once the view shows the change, `false` when it was dropped.
@MainActor
func waitUntilShown(_ submit: (@escaping @MainActor () -> Void) -> Void) async -> Bool {
  await withCheckedContinuation { continuation in
    let waiter = ListApplyWaiter(continuation)
    submit { waiter.resume(shown: true) }
  }
}
