import Foundation

/// A value guarded by an `NSLock`, for tests that share state between threads.
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` is handed over inside the kernel
/// (a priority-inheritance futex), where Thread Sanitizer cannot see it, so it reports races
/// between accesses the lock does serialize.
public final class Locked<Value>: @unchecked Sendable {
  // `value` is guarded by `lock`.
  private let lock = NSLock()
  private var value: Value

  /// Guards `value`.
  public init(_ value: Value) { self.value = value }

  /// Runs `body` with exclusive access to the value.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
