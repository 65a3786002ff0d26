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
/// lock only once. Never call user code inside `withLock`. DiffValue uses it too, hence
/// `package`.
///
/// One allocation holds both (`LockBuffer`): the state is the buffer's header and the mutex its
/// one element, so the mutex never moves and reaching the state through a pointer avoids the
/// dynamic exclusivity checks that a class's `var` would pay. Copies share the one lock.
@usableFromInline
package struct Lock<State>: @unchecked Sendable {
  // The buffer's header is only read or written between `pthread_mutex_lock` and
  // `pthread_mutex_unlock` of its element.
  @usableFromInline let buffer: LockBuffer<State>

  @inlinable init(buffer: LockBuffer<State>) { self.buffer = buffer }

  /// Creates a lock around an initial state.
  @inlinable
  package static func make(_ initial: State) -> Lock<State> {
    let buffer = unsafeDowncast(
      LockBuffer<State>.create(minimumCapacity: 1) { _ in initial }, to: LockBuffer<State>.self)
    buffer.withUnsafeMutablePointerToElements { MutexMemory.initialize($0) }
    return Lock(buffer: buffer)
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable @inline(__always)
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { state, mutex in
      try Lock.withLock(mutex, guarding: state, body)
    }
  }

  /// Runs `body` with exclusive access to the state once `isReady` holds, waiting on the
  /// condition the state keeps (with the lock released) until a `signalAllWaiting()` after a
  /// change makes it hold.
  ///
  /// - Parameter condition: Returns the state's condition, which it may make the first time
  ///   (nobody signals a condition that does not exist yet, and nobody waits on it yet either).
  @inlinable @inline(__always)
  package func withLock<Result>(
    waitingOn condition: (inout State) -> LockCondition, until isReady: (inout State) -> Bool,
    _ body: (inout State) throws -> Result
  ) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { state, mutex in
      try Lock.withLock(mutex, guarding: state, waitingOn: condition, until: isReady, body)
    }
  }

  // MARK: A mutex and state kept elsewhere

  // For an object that keeps its mutex and state in its own allocation (`RelayStorage`, `Sink`),
  // saving the lock's; `MutexMemory` makes and destroys the mutex.

  /// Runs `body` with exclusive access to the state at `state`, which `mutex` guards.
  @inlinable @inline(__always)
  package static func withLock<Result>(
    _ mutex: UnsafeMutablePointer<pthread_mutex_t>, guarding state: UnsafeMutablePointer<State>,
    _ body: (inout State) throws -> Result
  ) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state.pointee)
  }

  /// Runs `body` with exclusive access to the state at `state`, which `mutex` guards, once
  /// `isReady` holds; see the instance method.
  @inlinable @inline(__always)
  package static func withLock<Result>(
    _ mutex: UnsafeMutablePointer<pthread_mutex_t>, guarding state: UnsafeMutablePointer<State>,
    waitingOn condition: (inout State) -> LockCondition, until isReady: (inout State) -> Bool,
    _ body: (inout State) throws -> Result
  ) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !isReady(&state.pointee) {
      let condition = condition(&state.pointee)
      condition.waiters += 1
      pthread_cond_wait(condition.condition, mutex)
      condition.waiters -= 1
    }
    return try body(&state.pointee)
  }
}

/// Making and destroying a mutex in memory its owner keeps: a lock's buffer, or an object's own
/// fields (`RelayStorage`, `Sink`, DiffValue's storage).
@usableFromInline
package enum MutexMemory {
  /// Initializes a mutex with the default attributes at `mutex`, whose memory is uninitialized.
  ///
  /// With glibc and musl the default mutex's static initializer is all zeros, so it stores that
  /// and calls nothing (`pthread_mutex_init` cost some 50 instructions per mutex); elsewhere it
  /// calls `pthread_mutex_init`.
  @inlinable
  package static func initialize(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
    mutex.initialize(to: pthread_mutex_t())
    #if !canImport(Glibc) && !canImport(Musl)
      let result = pthread_mutex_init(mutex, nil)
      precondition(result == 0, "pthread_mutex_init failed with \(result)")
    #endif
  }

  /// Destroys the mutex at `mutex`, which nobody holds; its memory is left uninitialized.
  @inlinable
  package static func destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
  }
}

/// A lock's one allocation: the state as the header, the mutex as the one element.
@usableFromInline
package final class LockBuffer<State>: ManagedBuffer<State, pthread_mutex_t> {
  deinit { withUnsafeMutablePointerToElements { MutexMemory.destroy($0) } }
}

/// A condition a thread holding a `Lock` waits on until another thread changes the state and
/// signals it.
@usableFromInline
package final class LockCondition: @unchecked Sendable {
  // `condition` is only waited on, and `waiters` only read or written, with the mutex of the
  // one `Lock` it is used with held.
  @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>
  /// How many threads wait on it now.
  ///
  /// Guarded by the lock, so the dynamic exclusivity check a class's `var` pays on every access is
  /// left out.
  @usableFromInline @exclusivity(unchecked) var waiters = 0

  @inlinable
  package init() {
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    let result = pthread_cond_init(condition, nil)
    precondition(result == 0, "pthread_cond_init failed with \(result)")
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
  }

  /// With the lock held: wakes every thread waiting on the condition, if any, so that each
  /// checks its state again.
  @inlinable
  package func signalAllWaiting() {
    if waiters > 0 { pthread_cond_broadcast(condition) }
  }
}

/// An identity for the calling thread, to tell a reentrant call from another thread's.
///
/// DiffValue uses it too, hence `package`.
@usableFromInline
package struct ThreadIdentity: Equatable, @unchecked Sendable {
  // pthread_t is an integer on Linux and a pointer on Darwin; it is only compared, never used.
  @usableFromInline let thread: pthread_t

  @inlinable init(thread: pthread_t) { self.thread = thread }

  /// The calling thread.
  @inlinable package static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }

  /// The identity as a nonzero word, to keep in an atomic: distinct for threads alive at once.
  @inlinable package var word: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: thread)
    #else
      UInt(thread)
    #endif
  }

  @inlinable
  package static func == (lhs: ThreadIdentity, rhs: ThreadIdentity) -> Bool {
    pthread_equal(lhs.thread, rhs.thread) != 0
  }
}
