#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a mutex; the package's only lock.
///
/// It wraps `pthread_mutex_t` rather than `Synchronization.Mutex`. On Linux a contended
/// `Mutex` is handed to the next owner inside the kernel (a priority-inheritance futex), where
/// Thread Sanitizer cannot see it, so the sanitizer reports races on state the lock does
/// guard; it understands the pthread mutex. Uncontended, `Mutex` is a little cheaper here
/// (the benchmark prints both floors), but a send that finds nobody delivering takes this
/// lock only once. Reaching the state through a pointer also avoids the dynamic exclusivity
/// checks that a class's `var` would pay. Never call user code inside `withLock`. DiffValue
/// uses it too, hence `package`.
@usableFromInline
package final class Lock<State>: @unchecked Sendable {
  // `state` is only read or written between `pthread_mutex_lock` and `pthread_mutex_unlock`.
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline let state: UnsafeMutablePointer<State>

  @inlinable
  package init(_ initial: State) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let result = pthread_mutex_init(mutex, nil)
    precondition(result == 0, "pthread_mutex_init failed with \(result)")
    state = .allocate(capacity: 1)
    state.initialize(to: initial)
  }

  /// Creates a lock around an initial state.
  @inlinable
  package static func make(_ initial: State) -> Lock<State> { Lock(initial) }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable @inline(__always)
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state.pointee)
  }
}

/// An identity for the calling thread, to tell a reentrant call from another thread's.
@usableFromInline
struct ThreadIdentity: Equatable, @unchecked Sendable {
  // pthread_t is an integer on Linux and a pointer on Darwin; it is only compared, never used.
  @usableFromInline let thread: pthread_t

  @inlinable init(thread: pthread_t) { self.thread = thread }

  /// The calling thread.
  @inlinable static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }

  @inlinable
  static func == (lhs: ThreadIdentity, rhs: ThreadIdentity) -> Bool {
    pthread_equal(lhs.thread, rhs.thread) != 0
  }
}
