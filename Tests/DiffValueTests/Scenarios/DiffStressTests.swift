import DiffValue
import Foundation
import Synchronization
import TestSupport
import Testing

/// Thread stress for `@Diff`; `.ci/run` runs this suite under Thread Sanitizer too.
// Its tests count with Synchronization's atomics, independent of the package's own, which need
// iOS 18 / macOS 15: each test says so, and is skipped on older systems.
@Suite struct DiffStressTests {
  final class Shared: @unchecked Sendable {
    @Diff(\.name, \.age) var profile = Profile(name: "0", age: 0)
  }

  /// Records a subscriber's sequence and catches overlapping calls.
  final class Recorder: @unchecked Sendable {
    let lock = NSLock()
    var values: [Profile] = []
    let inCall = Atomic<Bool>(false)
    let overlaps = Atomic<Int>(0)

    func record(_ value: Profile) {
      if inCall.exchange(true, ordering: .acquiring) { overlaps.add(1, ordering: .relaxed) }
      lock.lock()
      values.append(value)
      lock.unlock()
      inCall.store(false, ordering: .releasing)
    }

    var snapshot: [Profile] {
      lock.lock()
      defer { lock.unlock() }
      return values
    }
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func concurrentWritesNeverPublishTwoEqualSelectionsInARowAndEndWithTheLastWrite() {
    let shared = Shared()
    let reference = Recorder()
    let subscription = shared.$profile.sink { reference.record($0) }
    let joiners = Locked<[Recorder]>([])
    runConcurrently(threads: 6) { thread in
      if thread < 4 {
        var generator = SystemRandomNumberGenerator()
        for index in 0..<3_000 {
          // A small domain, so many writes repeat the selection or change only `tags`.
          let value = Profile(
            name: "\(Int.random(in: 0..<3, using: &generator))",
            age: Int.random(in: 0..<2, using: &generator), tags: ["\(thread)-\(index)"])
          shared.profile = value
        }
      } else {
        for _ in 0..<200 {
          let recorder = Recorder()
          let cancellable = shared.$profile.sink { recorder.record($0) }
          joiners.withLock { $0.append(recorder) }
          cancellable.cancel()
        }
      }
    }
    // The last write is the last one compared: the last publication agrees with it on the
    // selected parts.
    // What the writers left waiting is delivered by the relay's drainer after they return.
    let lastWrite = shared.profile
    #expect(
      eventually {
        let lastPublished = reference.snapshot.last
        return lastPublished?.name == lastWrite.name && lastPublished?.age == lastWrite.age
      })
    shared.profile = Profile(name: "final", age: 99)
    #expect(eventually { reference.snapshot.last == Profile(name: "final", age: 99) })
    let sequence = reference.snapshot
    #expect(reference.overlaps.load(ordering: .relaxed) == 0)
    for (previous, next) in zip(sequence, sequence.dropFirst()) {
      #expect(previous.name != next.name || previous.age != next.age)
    }
    #expect(sequence.last == Profile(name: "final", age: 99))
    for recorder in joiners.withLock({ $0 }) {
      #expect(recorder.overlaps.load(ordering: .relaxed) == 0)
      let values = recorder.snapshot
      for (previous, next) in zip(values, values.dropFirst()) {
        #expect(previous.name != next.name || previous.age != next.age)
      }
    }
    _ = subscription
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func readsSeeEveryWriteEvenUnpublishedOnes() {
    let shared = Shared()
    runConcurrently(threads: 4) { thread in
      for index in 0..<2_000 {
        let mine = Profile(name: "same", age: 1, tags: ["\(thread)-\(index)"])
        shared.profile = mine
        // Another thread may have written since, but the read is always some thread's write.
        let read = shared.profile
        #expect(read.name == "same" && read.age == 1 && read.tags.count == 1)
      }
    }
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func hooksSurviveConcurrentWritesAndTargetsGoingAway() {
    final class Observer: @unchecked Sendable {
      let calls = Atomic<Int>(0)
      func nameChanged(_: String) { calls.add(1, ordering: .relaxed) }
    }
    let shared = Shared()
    let observers = (0..<4).map { _ in Observer() }
    for observer in observers {
      shared.$profile.add(\.name, target: observer, hook: .method(Observer.nameChanged))
    }
    runConcurrently(threads: 4) { thread in
      for index in 0..<1_000 { shared.profile = Profile(name: "\(thread)-\(index)", age: 0) }
    }
    #expect(eventually { observers.allSatisfy { $0.calls.load(ordering: .relaxed) >= 2 } })
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func targetsDeallocatedOnOtherThreadsDuringDeliveryAreSkipped() {
    final class Observer: @unchecked Sendable {
      func nameChanged(_: String) {}
    }
    let shared = Shared()
    let observers = Locked<[Observer]>((0..<64).map { _ in Observer() })
    for observer in observers.withLock({ $0 }) {
      shared.$profile.add(\.name, target: observer, hook: .method(Observer.nameChanged))
    }
    runConcurrently(threads: 4) { thread in
      if thread < 2 {
        for index in 0..<2_000 { shared.profile = Profile(name: "\(thread)-\(index)", age: 0) }
      } else {
        for _ in 0..<32 { _ = observers.withLock { $0.popLast() } }
      }
    }
    shared.profile = Profile(name: "after", age: 0)
    #expect(observers.withLock { $0.isEmpty })
  }
}
