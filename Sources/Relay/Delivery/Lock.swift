import RelayAtomics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a mutex; the package's only lock.
///
/// The mutex is a `RelayMutex`: on Linux one futex word (a relay, a property and a sink each
/// keep one, and `pthread_mutex_t` is 40 bytes there), elsewhere `pthread_mutex_t`. Neither is
/// `Synchronization.Mutex`: on Linux a contended `Mutex` is handed to the next owner inside the
/// kernel (a priority-inheritance futex), where Thread Sanitizer cannot see it, so the
/// sanitizer reports races on state the lock does guard; the futex word is taken and released
/// with atomic operations it understands, and it understands the pthread mutex. A send that
/// finds nobody delivering takes this lock only once. Never call user code inside `withLock`.
/// DiffValue uses it too, hence `package`.
///
/// One allocation holds both (`LockBuffer`): the state is the buffer's header and the mutex its
/// one element, so the mutex never moves and reaching the state through a pointer avoids the
/// dynamic exclusivity checks that a class's `var` would pay. Copies share the one lock.
@usableFromInline
package struct Lock<State>: @unchecked Sendable {
  // The buffer's header is only read or written between `MutexMemory.lock` and
  // `MutexMemory.unlock` of its element.
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
    _ mutex: UnsafeMutablePointer<RelayMutex>, guarding state: UnsafeMutablePointer<State>,
    _ body: (inout State) throws -> Result
  ) rethrows -> Result {
    MutexMemory.lock(mutex)
    defer { MutexMemory.unlock(mutex) }
    return try body(&state.pointee)
  }

  /// Runs `body` with exclusive access to the state at `state`, which `mutex` guards, once
  /// `isReady` holds; see the instance method.
  @inlinable @inline(__always)
  package static func withLock<Result>(
    _ mutex: UnsafeMutablePointer<RelayMutex>, guarding state: UnsafeMutablePointer<State>,
    waitingOn condition: (inout State) -> LockCondition, until isReady: (inout State) -> Bool,
    _ body: (inout State) throws -> Result
  ) rethrows -> Result {
    MutexMemory.lock(mutex)
    defer { MutexMemory.unlock(mutex) }
    while !isReady(&state.pointee) { condition(&state.pointee).wait(releasing: mutex) }
    return try body(&state.pointee)
  }
}

#if os(Linux)
  /// A mutex in memory its owner keeps (a lock's buffer, or an object's own fields), made,
  /// taken and destroyed through `MutexMemory`.
  ///
  /// On Linux, one futex word (`relay_mutex_lock` in RelayAtomics): 0 unlocked, 1 locked, 2
  /// locked and perhaps waited for. It takes 8 bytes, so that a word-aligned field after it
  /// lies at its stride; `pthread_mutex_t` takes 40.
  ///
  /// The word is the second half, and the first is never touched. Where the mutex is the first
  /// field of a struct reached through a pointer (DiffValue's headers), Thread Sanitizer counts
  /// every Swift access to a field through `pointee` as a one-byte write to the struct's first
  /// byte; those writes, made under the lock, would otherwise overlap the atomic operations of
  /// threads taking it, and be reported as racing with them.
  @usableFromInline
  package struct RelayMutex {
    @usableFromInline var unused: UInt32
    @usableFromInline var word: UInt32

    /// An unlocked mutex.
    @inlinable
    package init() {
      unused = 0
      word = 0
    }
  }
#else
  /// A mutex in memory its owner keeps (a lock's buffer, or an object's own fields), made,
  /// taken and destroyed through `MutexMemory`: a `pthread_mutex_t`.
  @usableFromInline
  package struct RelayMutex {
    @usableFromInline var mutex: pthread_mutex_t

    /// A mutex's memory, which `MutexMemory.initialize` makes a mutex.
    @inlinable
    package init() { mutex = pthread_mutex_t() }
  }
#endif

/// Making, taking and destroying a mutex in memory its owner keeps: a lock's buffer, or an
/// object's own fields (`RelayStorage`, `Sink`, DiffValue's storage).
@usableFromInline
package enum MutexMemory {
  /// Initializes an unlocked mutex at `mutex`, whose memory is uninitialized.
  ///
  /// On Linux it stores a zero word; elsewhere it calls `pthread_mutex_init`.
  @inlinable
  package static func initialize(_ mutex: UnsafeMutablePointer<RelayMutex>) {
    mutex.initialize(to: RelayMutex())
    #if !os(Linux)
      let result = pthread_mutex_init(pthreadMutex(mutex), nil)
      precondition(result == 0, "pthread_mutex_init failed with \(result)")
    #endif
  }

  /// Destroys the mutex at `mutex`, which nobody holds; its memory is left uninitialized.
  @inlinable
  package static func destroy(_ mutex: UnsafeMutablePointer<RelayMutex>) {
    #if !os(Linux)
      pthread_mutex_destroy(pthreadMutex(mutex))
    #endif
    mutex.deinitialize(count: 1)
  }

  /// Takes the mutex at `mutex`, waiting while another thread holds it.
  @inlinable @inline(__always)
  package static func lock(_ mutex: UnsafeMutablePointer<RelayMutex>) {
    #if os(Linux)
      relay_mutex_lock(word(mutex))
    #else
      pthread_mutex_lock(pthreadMutex(mutex))
    #endif
  }

  /// Releases the mutex at `mutex`, which the calling thread holds.
  @inlinable @inline(__always)
  package static func unlock(_ mutex: UnsafeMutablePointer<RelayMutex>) {
    #if os(Linux)
      relay_mutex_unlock(word(mutex))
    #else
      pthread_mutex_unlock(pthreadMutex(mutex))
    #endif
  }

  #if os(Linux)
    /// The futex word of `mutex`, its second half, reached by address rather than by a Swift
    /// access to the field.
    @inlinable @inline(__always)
    static func word(_ mutex: UnsafeMutablePointer<RelayMutex>) -> UnsafeMutableRawPointer {
      UnsafeMutableRawPointer(mutex) + MemoryLayout<UInt32>.size
    }
  #else
    /// The `pthread_mutex_t` of `mutex`, its one field, reached by address rather than by a
    /// Swift access to the field.
    @inlinable @inline(__always)
    static func pthreadMutex(_ mutex: UnsafeMutablePointer<RelayMutex>)
      -> UnsafeMutablePointer<pthread_mutex_t>
    {
      UnsafeMutableRawPointer(mutex).assumingMemoryBound(to: pthread_mutex_t.self)
    }
  #endif
}

/// A lock's one allocation: the state as the header, the mutex as the one element.
@usableFromInline
package final class LockBuffer<State>: ManagedBuffer<State, RelayMutex> {
  deinit { withUnsafeMutablePointerToElements { MutexMemory.destroy($0) } }
}

/// A condition a thread holding a `Lock` waits on until another thread changes the state and
/// signals it.
///
/// On Linux a futex word counting the signals: a waiter reads it with the mutex held, releases
/// the mutex and sleeps unless it changed, so no signal between the two is lost. Elsewhere a
/// `pthread_cond_t`.
@usableFromInline
package final class LockCondition: @unchecked Sendable {
  // `waiters` is only read or written, and the condition only waited on and signalled, with
  // the mutex of the one lock it is used with held.
  #if os(Linux)
    /// How many times it was signalled, wrapping; the futex word waiters sleep on.
    @usableFromInline let signals: UnsafeMutablePointer<UInt32>
  #else
    @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>
  #endif
  /// How many threads wait on it now.
  ///
  /// Guarded by the lock, so the dynamic exclusivity check a class's `var` pays on every access is
  /// left out.
  @usableFromInline @exclusivity(unchecked) var waiters = 0

  @inlinable
  package init() {
    #if os(Linux)
      signals = .allocate(capacity: 1)
      signals.initialize(to: 0)
    #else
      condition = .allocate(capacity: 1)
      condition.initialize(to: pthread_cond_t())
      let result = pthread_cond_init(condition, nil)
      precondition(result == 0, "pthread_cond_init failed with \(result)")
    #endif
  }

  deinit {
    #if os(Linux)
      signals.deallocate()
    #else
      pthread_cond_destroy(condition)
      condition.deallocate()
    #endif
  }

  /// Releases `mutex`, which the caller holds, until a signal (or a spurious wake-up).
  ///
  /// It takes the mutex again before it returns; the caller checks its state again, in a loop.
  @inlinable
  package func wait(releasing mutex: UnsafeMutablePointer<RelayMutex>) {
    waiters += 1
    #if os(Linux)
      let seen = relay_atomic_load_u32(UnsafeMutableRawPointer(signals), 0)
      MutexMemory.unlock(mutex)
      relay_futex_wait(UnsafeMutableRawPointer(signals), seen)
      MutexMemory.lock(mutex)
    #else
      pthread_cond_wait(condition, MutexMemory.pthreadMutex(mutex))
    #endif
    waiters -= 1
  }

  /// With the lock held: wakes every thread waiting on the condition, if any, so that each
  /// checks its state again.
  @inlinable
  package func signalAllWaiting() {
    guard waiters > 0 else { return }
    #if os(Linux)
      let address = UnsafeMutableRawPointer(signals)
      relay_atomic_store_u32(address, relay_atomic_load_u32(address, 0) &+ 1, 0)
      relay_futex_wake_all(address)
    #else
      pthread_cond_broadcast(condition)
    #endif
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
