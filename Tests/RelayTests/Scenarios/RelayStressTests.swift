import Foundation
import Relay
import Synchronization
import TestSupport
import Testing

/// Thread stress tests; `.ci/run` runs this suite under Thread Sanitizer too.
// Its tests count with Synchronization's atomics, independent of the package's own, which need
// iOS 18 / macOS 15: each test says so, and is skipped on older systems.
@Suite struct RelayStressTests {
  /// Records what one subscriber receives and catches overlapping calls into it.
  final class Recorder: @unchecked Sendable {
    // `received` is guarded by `lock`; the flags are atomic.
    let lock = NSLock()
    var received: [Int] = []
    let inCall = Atomic<Bool>(false)
    let overlaps = Atomic<Int>(0)
    let cancelled = Atomic<Bool>(false)
    let callsAfterCancel = Atomic<Int>(0)

    func record(_ value: Int) {
      if inCall.exchange(true, ordering: .acquiring) { overlaps.add(1, ordering: .relaxed) }
      if cancelled.load(ordering: .acquiring) { callsAfterCancel.add(1, ordering: .relaxed) }
      lock.lock()
      received.append(value)
      lock.unlock()
      inCall.store(false, ordering: .releasing)
    }

    var values: [Int] {
      lock.lock()
      defer { lock.unlock() }
      return received
    }
  }

  static let threads = 4
  static let perThread = 2_000

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func concurrentSendsReachEverySubscriberInOneSequence() {
    let relay = PassthroughRelay<Int>()
    let recorders = (0..<3).map { _ in Recorder() }
    let cancellables = recorders.map { recorder in relay.sink { recorder.record($0) } }
    runConcurrently(threads: Self.threads) { thread in
      for index in 0..<Self.perThread { relay.send(thread * 1_000_000 + index) }
    }
    // What the senders left waiting is delivered by the drainer after they return.
    #expect(
      eventually { recorders.allSatisfy { $0.values.count == Self.threads * Self.perThread } })
    let reference = recorders[0].values
    #expect(reference.count == Self.threads * Self.perThread)
    for recorder in recorders {
      #expect(recorder.values == reference)
      #expect(recorder.overlaps.load(ordering: .relaxed) == 0)
    }
    for thread in 0..<Self.threads {
      let own = reference.filter { $0 / 1_000_000 == thread }
      #expect(own == Array(thread * 1_000_000..<(thread * 1_000_000 + Self.perThread)))
    }
    _ = cancellables
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func sendsSubscribesAndCancelsRace() {
    let relay = CurrentValueRelay(-1)
    let reference = Recorder()
    let referenceCancellable = relay.sink { reference.record($0) }
    let finished = Locked<[Recorder]>([])
    let counter = Atomic<Int>(0)
    runConcurrently(threads: Self.threads + 2) { thread in
      if thread < 2 {
        for _ in 0..<Self.perThread { relay.send(counter.add(1, ordering: .relaxed).newValue) }
      } else {
        for round in 0..<300 {
          let recorder = Recorder()
          let cancellable = relay.sink { recorder.record($0) }
          if round.isMultiple(of: 3) { Thread.sleep(forTimeInterval: 0.000_05) }
          cancellable.cancel()
          recorder.cancelled.store(true, ordering: .releasing)
          finished.withLock { $0.append(recorder) }
        }
      }
    }
    #expect(eventually { reference.values.last == relay.value })
    let sequence = reference.values
    let positions = Dictionary(uniqueKeysWithValues: sequence.enumerated().map { ($1, $0) })
    for recorder in finished.withLock({ $0 }) {
      #expect(recorder.overlaps.load(ordering: .relaxed) == 0)
      // At most the round already under way when cancel returned may still call it.
      #expect(recorder.callsAfterCancel.load(ordering: .relaxed) <= 1)
      // A subscriber sees one unbroken stretch of the sequence every other subscriber sees.
      let values = recorder.values
      guard let first = values.first, let start = positions[first] else {
        #expect(values.isEmpty)
        continue
      }
      #expect(Array(sequence[start..<min(sequence.count, start + values.count)]) == values)
    }
    #expect(sequence.last == relay.value)
    _ = referenceCancellable
  }

  /// Cancelling never waits for a call in progress on another thread; once it returns, no
  /// round that begins later calls the subscriber.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test func cancelFromAnotherThreadDoesNotWaitForTheCallInProgress() {
    let relay = PassthroughRelay<Int>()
    let blocked = BlockedSink(on: relay) { relay.send(1) }
    #expect(finishes(within: 10) { blocked.cancellable.cancel() })
    relay.send(2)  // queued behind the round in progress, which began before the cancel
    blocked.release()
    #expect(eventually { !relay.hasSubscribers })
    relay.send(3)
    usleep(20_000)
    #expect(blocked.received.withLock { $0 } == [1])
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func cancelFromAnotherThreadReleasesTheClosures() {
    final class Witness: Sendable {}
    let relay = PassthroughRelay<Int>()
    weak var weakWitness: Witness?
    let cancellables = Locked<[AnyCancellable]>([])
    do {
      let witness = Witness()
      weakWitness = witness
      let cancellable = relay.sink { _ in _ = witness }
      cancellables.withLock { $0.append(cancellable) }
    }
    runConcurrently(threads: 2) { thread in
      if thread == 0 {
        for value in 0..<1_000 { relay.send(value) }
      } else {
        cancellables.withLock { $0.removeAll() }
      }
    }
    // Released at once, or when the round under way on the other thread ends.
    #expect(eventually { weakWitness == nil })
  }

  /// Subscribers that cancel themselves from inside their call edit the subscriber list while
  /// a round borrows it; others subscribe and send meanwhile.
  ///
  /// Nobody is called after it cancelled, and every cancelled subscriber's closure is released.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test func subscribersCancellingThemselvesDuringRoundsAreReleased() {
    final class Witness: Sendable {}
    // `witness` is written once, before the reference is shared.
    final class WeakWitness: @unchecked Sendable { weak var witness: Witness? }
    // `cancellable` is guarded by `lock`: an NSLock, which Thread Sanitizer understands.
    final class Slot: @unchecked Sendable {
      let lock = NSLock()
      var cancellable: AnyCancellable?
      func take() -> AnyCancellable? {
        lock.lock()
        defer { lock.unlock() }
        return cancellable.take()
      }
      func store(_ cancellable: AnyCancellable) {
        lock.lock()
        self.cancellable = cancellable
        lock.unlock()
      }
    }
    let relay = CurrentValueRelay(0)
    let reference = Recorder()
    let referenceCancellable = relay.sink { reference.record($0) }
    let witnesses = Locked<[WeakWitness]>([])
    let selfCancels = Atomic<Int>(0)
    runConcurrently(threads: Self.threads) { thread in
      if thread < 2 {
        for value in 1...Self.perThread { relay.send(thread * 1_000_000 + value) }
        return
      }
      for round in 0..<300 {
        let recorder = Recorder()
        let cancellable = Slot()
        let weakWitness = WeakWitness()
        do {
          let witness = Witness()
          weakWitness.witness = witness
          let subscription = relay.sink { value in
            _ = witness
            recorder.record(value)
            // Cancel from inside the call, on whichever thread is delivering.
            if recorder.values.count == 2, let own = cancellable.take() {
              recorder.cancelled.store(true, ordering: .releasing)
              own.cancel()
              selfCancels.add(1, ordering: .relaxed)
            }
          }
          cancellable.store(subscription)
        }
        relay.send(-thread)
        if round.isMultiple(of: 2) {
          // Let the subscriber cancel itself: the value just sent makes its second.
          while recorder.values.count < 2 { usleep(10) }
        }
        cancellable.take()?.cancel()
        recorder.cancelled.store(true, ordering: .releasing)
        #expect(recorder.overlaps.load(ordering: .relaxed) == 0)
        #expect(recorder.callsAfterCancel.load(ordering: .relaxed) <= 1)
        witnesses.withLock { $0.append(weakWitness) }
      }
    }
    // Once every round has ended, retired subscriber lists are released.
    #expect(selfCancels.load(ordering: .relaxed) > 0)
    #expect(eventually { witnesses.withLock { $0 }.allSatisfy { $0.witness == nil } })
    #expect(reference.overlaps.load(ordering: .relaxed) == 0)
    _ = referenceCancellable
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func reentrantSendsUnderConcurrencyKeepOneSequence() {
    let relay = PassthroughRelay<Int>()
    let echo = relay.sink { value in
      if value >= 0, value.isMultiple(of: 10) { relay.send(-value - 1) }
    }
    let recorders = (0..<2).map { _ in Recorder() }
    let cancellables = recorders.map { recorder in relay.sink { recorder.record($0) } }
    runConcurrently(threads: Self.threads) { thread in
      for index in 0..<1_000 { relay.send(thread * 1_000_000 + index) }
    }
    #expect(eventually { recorders.allSatisfy { $0.values.count == Self.threads * 1_100 } })
    #expect(recorders[0].values == recorders[1].values)
    _ = (echo, cancellables)
  }
}

@Suite struct ModifyStressTests {
  @Test func concurrentModifiesLoseNoUpdate() {
    let relay = CurrentValueRelay(0)
    let seen = Locked<[Int]>([])
    let subscription = relay.sink { value in seen.withLock { $0.append(value) } }
    runConcurrently(threads: 4) { _ in
      for _ in 0..<1_000 { relay.modify { $0 += 1 } }
    }
    #expect(relay.value == 4_000)
    #expect(eventually { seen.withLock { $0 }.count == 4_001 })
    #expect(seen.withLock { $0 } == Array(0...4_000))
    _ = subscription
  }
}

@Suite struct CancelReleaseTests {
  @Test func cancellingASubscriberWaitingForItsCurrentValueReleasesItAtOnce() {
    final class Witness: Sendable {}
    let relay = CurrentValueRelay(0)
    let blocked = BlockedSink(on: relay) { relay.send(1) }  // another thread is delivering now
    weak var weakWitness: Witness?
    do {
      let witness = Witness()
      weakWitness = witness
      // Its current value waits behind the round in progress; cancelled before it is sent.
      let cancellable = relay.sink { _ in _ = witness }
      cancellable.cancel()
    }
    #expect(weakWitness == nil)
    blocked.release()
    _ = blocked
  }
}
