import TestSupport
import Testing

@testable import Relay

#if os(Linux)
  import RelayAtomics
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The package's lock: mutual exclusion under contention, where an update made outside the lock
/// shows in the total (and, under Thread Sanitizer, as a race), and its condition, where a lost
/// wake-up leaves a waiter asleep past the suite's time limit.
@Suite(.timeLimit(.minutes(1))) struct LockTests {
  static let threads = 4
  static let perThread = 50_000

  @Test func contendedUpdatesAreEachMadeAlone() {
    // A plain integer: only the lock keeps the read-modify-writes apart.
    let lock = Lock.make(0)
    runConcurrently(threads: Self.threads) { _ in
      for _ in 0..<Self.perThread { lock.withLock { $0 += 1 } }
    }
    #expect(lock.withLock { $0 } == Self.threads * Self.perThread)
  }

  @Test func aMutexInAnObjectsOwnMemoryExcludesAsALocksDoes() {
    let mutex = UnsafeMutablePointer<RelayMutex>.allocate(capacity: 1)
    // Two halves, and how many times a thread found them apart.
    let state = UnsafeMutablePointer<(Int, Int, apart: Int)>.allocate(capacity: 1)
    MutexMemory.initialize(mutex)
    state.initialize(to: (0, 0, 0))
    defer {
      MutexMemory.destroy(mutex)
      mutex.deallocate()
      state.deallocate()
    }
    nonisolated(unsafe) let (sharedMutex, sharedState) = (mutex, state)
    runConcurrently(threads: Self.threads) { _ in
      for _ in 0..<Self.perThread {
        Lock.withLock(sharedMutex, guarding: sharedState) { state in
          // The two halves agree whenever the lock is free.
          if state.0 != state.1 { state.apart += 1 }
          state.0 += 1
          state.1 += 1
        }
      }
    }
    #expect(state.pointee.apart == 0)
    #expect(state.pointee.0 == Self.threads * Self.perThread)
    #expect(state.pointee.1 == Self.threads * Self.perThread)
  }

  #if os(Linux)
    @Test func onLinuxTheMutexTakesOneWordNotAPthreadMutex() {
      #expect(MemoryLayout<RelayMutex>.size == 8)
      #expect(MemoryLayout<RelayMutex>.size < MemoryLayout<pthread_mutex_t>.size)
      // The word is the second half: Thread Sanitizer's accesses through a header's `pointee`
      // land on its first byte (see `RelayMutex`).
      #expect(MemoryLayout<RelayMutex>.offset(of: \.word) == 4)
    }

    /// A futex wait that finds the word changed fails with EAGAIN; the lock's callers, as
    /// `pthread_mutex_lock`'s, read `errno` as they left it.
    @Test func theFutexCallsLeaveErrnoAsTheyFoundIt() {
      let word = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
      defer { word.deallocate() }
      word.initialize(to: 1)
      errno = 1234
      relay_futex_wait(UnsafeMutableRawPointer(word), 0)  // the word is 1: EAGAIN at once
      #expect(errno == 1234)
      relay_futex_wake_all(UnsafeMutableRawPointer(word))
      #expect(errno == 1234)
    }
  #endif

  struct Turns {
    var turn = 0
    var condition: LockCondition?
  }

  /// Threads take turns by number, each waiting on the condition until the state says it is its
  /// own: every turn depends on one signal reaching one sleeping thread.
  @Test func waitersTakeTurnsWithNoWakeUpLost() {
    let turns = Lock.make(Turns())
    let rounds = 2_000
    runConcurrently(threads: Self.threads) { index in
      for round in 0..<rounds {
        turns.withLock(
          waitingOn: { state in
            if let condition = state.condition { return condition }
            let made = LockCondition()
            state.condition = made
            return made
          },
          until: { $0.turn == round * Self.threads + index }
        ) { state in
          state.turn += 1
          state.condition?.signalAllWaiting()
        }
      }
    }
    #expect(turns.withLock { $0.turn } == rounds * Self.threads)
  }
}
