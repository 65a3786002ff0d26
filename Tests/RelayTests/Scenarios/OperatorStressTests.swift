import Foundation
import Relay
import RelayTestSupport
import Synchronization
import TestSupport
import Testing

/// The stateful operators fed from several threads at once; `.ci/run` runs this suite under
/// Thread Sanitizer too.
///
/// Every run waits with a deadline: a deadlock fails the test instead of hanging it.
// Its tests count with Synchronization's atomics, independent of the package's own, which need
// iOS 18 / macOS 15: each test says so, and is skipped on older systems.
@Suite struct OperatorStressTests {
  /// Records what one subscriber receives and catches overlapping calls into it, and calls
  /// that start after its cancel returned.
  final class Recorder<Value: Sendable>: @unchecked Sendable {
    // `received` is guarded by `lock`; the flags are atomic.
    let lock = NSLock()
    var received: [Value] = []
    var completions = 0
    let inCall = Atomic<Bool>(false)
    let overlaps = Atomic<Int>(0)
    let cancelled = Atomic<Bool>(false)
    let callsAfterCancel = Atomic<Int>(0)

    func enter() {
      if inCall.exchange(true, ordering: .acquiring) { overlaps.add(1, ordering: .relaxed) }
      if cancelled.load(ordering: .acquiring) { callsAfterCancel.add(1, ordering: .relaxed) }
    }

    func leave() { inCall.store(false, ordering: .releasing) }

    func record(_ value: Value) {
      enter()
      lock.lock()
      received.append(value)
      lock.unlock()
      leave()
    }

    func finish() {
      enter()
      lock.lock()
      completions += 1
      lock.unlock()
      leave()
    }

    var values: [Value] {
      lock.lock()
      defer { lock.unlock() }
      return received
    }

    func subscribe<P: Publisher>(to publisher: P) -> AnyCancellable
    where P.Output == Value {
      publisher.sink(receiveCompletion: { _ in self.finish() }, receiveValue: { self.record($0) })
    }
  }

  static let perThread = 2_000

  /// Runs `body` on `count` threads at once; false if they did not all return in time.
  static func runConcurrently(
    threads count: Int, deadline seconds: Double = 60, _ body: @escaping @Sendable (Int) -> Void
  ) -> Bool {
    finishes(within: seconds) { TestSupport.runConcurrently(threads: count, body) }
  }

  /// Has four threads send `perThread` values each, thread `t` through `relays[t]`, and
  /// checks that `recorder` received every value once, each thread's in its order, in calls
  /// that never overlapped.
  static func expectEveryThreadsValuesOnceInOrder(
    sentThrough relays: [PassthroughRelay<Int>], to recorder: Recorder<Int>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let finished = runConcurrently(threads: 4) { thread in
      for index in 0..<perThread { relays[thread].send(thread * 1_000_000 + index) }
    }
    #expect(finished, sourceLocation: sourceLocation)
    #expect(
      eventually(within: 30) { recorder.values.count == 4 * perThread },
      sourceLocation: sourceLocation)
    let values = recorder.values
    #expect(values.count == 4 * perThread, sourceLocation: sourceLocation)
    for thread in 0..<4 {
      let own = values.filter { $0 / 1_000_000 == thread }
      #expect(
        own.elementsEqual(thread * 1_000_000..<thread * 1_000_000 + perThread),
        sourceLocation: sourceLocation)
    }
    #expect(recorder.overlaps.load(ordering: .relaxed) == 0, sourceLocation: sourceLocation)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func combineLatestMakesOneTuplePerValueFromFourThreads() {
    let a = PassthroughRelay<Int>()
    let b = PassthroughRelay<Int>()
    let recorder = Recorder<Int>()
    let cancellable = recorder.subscribe(to: a.combineLatest(b) { $0 + $1 })
    a.send(0)
    b.send(0)
    let finished = Self.runConcurrently(threads: 4) { thread in
      let relay = thread.isMultiple(of: 2) ? a : b
      for _ in 0..<Self.perThread { relay.send(1) }
    }
    #expect(finished)
    #expect(eventually(within: 30) { recorder.values.count == 1 + 4 * Self.perThread })
    let values = recorder.values
    #expect(values.count == 1 + 4 * Self.perThread)
    #expect(recorder.overlaps.load(ordering: .relaxed) == 0)
    // Each tuple pairs a latest value of each relay: 0 or 1 each.
    #expect(values.allSatisfy { (0...2).contains($0) })
    _ = cancellable
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func zipPairsInOrderAcrossThreads() {
    let a = PassthroughRelay<Int>()
    let b = PassthroughRelay<Int>()
    let recorder = Recorder<Int>()
    let cancellable = recorder.subscribe(
      to: a.zip(b).map { pair -> Int in pair.0 == pair.1 ? pair.0 : -1 })
    let finished = Self.runConcurrently(threads: 2) { thread in
      let relay = thread == 0 ? a : b
      for value in 0..<Self.perThread { relay.send(value) }
    }
    #expect(finished)
    #expect(eventually(within: 30) { recorder.values.count == Self.perThread })
    #expect(recorder.values.elementsEqual(0..<Self.perThread))
    #expect(recorder.overlaps.load(ordering: .relaxed) == 0)
    _ = cancellable
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func mergeDeliversEveryValueOnceInEachThreadsOrder() {
    let relays = (0..<4).map { _ in PassthroughRelay<Int>() }
    let recorder = Recorder<Int>()
    let cancellable = recorder.subscribe(
      to: relays[0].merge(with: relays[1], relays[2], relays[3]))
    Self.expectEveryThreadsValuesOnceInOrder(sentThrough: relays, to: recorder)
    _ = cancellable
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func boundedMergeFromSeveralThreadsNeverExceedsDemand() {
    let relays = (0..<3).map { _ in CurrentValueRelay(0) }
    let received = Atomic<Int>(0)
    let tracker = TrackingSubscriber<Int, Never>(
      receiveSubscription: { $0.request(.max(10)) },
      receiveValue: { _ in
        received.add(1, ordering: .relaxed)
        return .none
      })
    relays[0].merge(with: relays[1], relays[2]).subscribe(tracker)
    let finished = Self.runConcurrently(threads: 3) { thread in
      for value in 0..<Self.perThread { relays[thread].send(value) }
    }
    #expect(finished)
    #expect(eventually(within: 30) { received.load(ordering: .relaxed) == 10 })
    Thread.sleep(forTimeInterval: 0.05)
    #expect(received.load(ordering: .relaxed) == 10)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func flatMapChildrenSendingFromTheirOwnThreads() {
    let outer = PassthroughRelay<PassthroughRelay<Int>>()
    let children = (0..<4).map { _ in PassthroughRelay<Int>() }
    let recorder = Recorder<Int>()
    let cancellable = recorder.subscribe(to: outer.flatMap { $0 })
    for child in children { outer.send(child) }
    Self.expectEveryThreadsValuesOnceInOrder(sentThrough: children, to: recorder)
    _ = cancellable
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func switchToLatestSwitchingWhileChildrenSend() {
    let outer = PassthroughRelay<PassthroughRelay<Int>>()
    let children = (0..<3).map { _ in PassthroughRelay<Int>() }
    let recorder = Recorder<Int>()
    let cancellable = recorder.subscribe(to: outer.switchToLatest())
    outer.send(children[0])
    let finished = Self.runConcurrently(threads: 4) { thread in
      if thread == 3 {
        for round in 0..<Self.perThread { outer.send(children[round % 3]) }
      } else {
        for index in 0..<Self.perThread { children[thread].send(thread * 1_000_000 + index) }
      }
    }
    #expect(finished)
    #expect(recorder.overlaps.load(ordering: .relaxed) == 0)
    // Values of one child arrive in the order it sent them.
    let values = recorder.values
    for thread in 0..<3 {
      let own = values.filter { $0 / 1_000_000 == thread }
      #expect(own.elementsEqual(own.sorted()))
    }
    _ = cancellable
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func debounceAndThrottleOnAConcurrentQueue() {
    let relay = PassthroughRelay<Int>()
    let debounced = Recorder<Int>()
    let throttled = Recorder<Int>()
    let delayed = Recorder<Int>()
    let a = debounced.subscribe(
      to: relay.debounce(for: .microseconds(50), scheduler: DispatchQueue.global()))
    let b = throttled.subscribe(
      to: relay.throttle(for: .microseconds(50), scheduler: DispatchQueue.global(), latest: true))
    let c = delayed.subscribe(
      to: relay.delay(for: .microseconds(10), scheduler: DispatchQueue.global()))
    let finished = Self.runConcurrently(threads: 3) { thread in
      for index in 0..<Self.perThread {
        relay.send(thread * 1_000_000 + index)
        if index.isMultiple(of: 100) { Thread.sleep(forTimeInterval: 0.000_2) }
      }
    }
    #expect(finished)
    let deadline = Date().addingTimeInterval(30)
    while delayed.values.count < 3 * Self.perThread, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(delayed.values.count == 3 * Self.perThread)
    for recorder in [debounced, throttled, delayed] {
      #expect(recorder.overlaps.load(ordering: .relaxed) == 0)
    }
    #expect(debounced.values.count >= 1)
    _ = (a, b, c)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func debounceOnAFrozenClockFromFourThreads() {
    // Every timer runs inside `schedule` and the clock never moves: a timer that finds a newer
    // value sets one for it, and a burst from other threads must not nest them without bound.
    let relays = (0..<4).map { _ in PassthroughRelay<Int>() }
    let recorder = Recorder<Int>()
    let merged = relays[0].merge(with: relays[1], relays[2], relays[3])
    let cancellable = recorder.subscribe(
      to: merged.debounce(for: .seconds(1), scheduler: DispatchQueue.immediate))
    let finished = Self.runConcurrently(threads: 4) { thread in
      for index in 0..<Self.perThread * 5 { relays[thread].send(thread * 1_000_000 + index) }
    }
    #expect(finished)
    relays[0].send(-1)
    #expect(eventually(within: 30) { recorder.values.last == -1 })
    let values = recorder.values
    #expect(!values.isEmpty)
    #expect(recorder.overlaps.load(ordering: .relaxed) == 0)
    // A value is delivered at most once, and each thread's in the order it sent them.
    for thread in 0..<4 {
      let own = values.filter { $0 >= 0 && $0 / 1_000_000 == thread }
      #expect(own.elementsEqual(own.sorted()))
      #expect(Set(own).count == own.count)
    }
    _ = cancellable
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func shareWithSubscribersComingAndGoing() {
    let relay = PassthroughRelay<Int>()
    let shared = relay.share()
    let reference = Recorder<Int>()
    let referenceCancellable = reference.subscribe(to: shared)
    let finishedRecorders = Locked<[Recorder<Int>]>([])
    let finished = Self.runConcurrently(threads: 4) { thread in
      if thread < 2 {
        for index in 0..<Self.perThread { relay.send(thread * 1_000_000 + index) }
      } else {
        for _ in 0..<300 {
          let recorder = Recorder<Int>()
          let cancellable = recorder.subscribe(to: shared)
          cancellable.cancel()
          recorder.cancelled.store(true, ordering: .releasing)
          finishedRecorders.withLock { $0.append(recorder) }
        }
      }
    }
    #expect(finished)
    #expect(eventually(within: 30) { reference.values.count == 2 * Self.perThread })
    #expect(reference.overlaps.load(ordering: .relaxed) == 0)
    for recorder in finishedRecorders.withLock({ $0 }) {
      #expect(recorder.overlaps.load(ordering: .relaxed) == 0)
      #expect(recorder.callsAfterCancel.load(ordering: .relaxed) == 0)
    }
    _ = referenceCancellable
  }

  /// `cancel()` never waits for a call in progress; once it returns, at most the one call the
  /// delivering thread had already begun reaches the subscriber, and no other.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test(arguments: ["combineLatest", "merge", "zip", "flatMap", "switchToLatest"])
  func cancelFromAnotherThreadWhileValuesFlow(operatorName: String) {
    for _ in 0..<20 {
      let a = PassthroughRelay<Int>()
      let b = PassthroughRelay<Int>()
      let publisher: AnyPublisher<Int, Never> =
        switch operatorName {
        case "combineLatest": a.combineLatest(b) { $0 + $1 }.eraseToAnyPublisher()
        case "merge": a.merge(with: b).eraseToAnyPublisher()
        case "zip": a.zip(b) { $0 + $1 }.eraseToAnyPublisher()
        case "flatMap": a.flatMap { Just($0) }.merge(with: b).eraseToAnyPublisher()
        default: a.map { _ in b }.switchToLatest().eraseToAnyPublisher()
        }
      let recorder = Recorder<Int>()
      let cancellable = recorder.subscribe(to: publisher)
      a.send(0)
      let finished = Self.runConcurrently(threads: 3) { thread in
        switch thread {
        case 0: for value in 0..<500 { a.send(value) }
        case 1: for value in 0..<500 { b.send(value) }
        default:
          Thread.sleep(forTimeInterval: 0.000_5)
          cancellable.cancel()
          recorder.cancelled.store(true, ordering: .releasing)
        }
      }
      #expect(finished)
      #expect(recorder.overlaps.load(ordering: .relaxed) == 0)
      #expect(recorder.callsAfterCancel.load(ordering: .relaxed) <= 1)
    }
  }

  /// A subscriber that waits, inside its call, for a thread that is itself cancelling or
  /// sending: neither waits for the other, so nothing deadlocks.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test func subscriberWaitingForACancellerDoesNotDeadlock() {
    let a = PassthroughRelay<Int>()
    let b = PassthroughRelay<Int>()
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let box = Locked<AnyCancellable?>(nil)
    let cancellable = a.combineLatest(b).sink { _ in
      entered.signal()
      _ = release.wait(timeout: .now() + 10)
    }
    box.withLock { $0 = cancellable }
    a.send(1)
    let finished = Self.runConcurrently(threads: 2) { thread in
      if thread == 0 {
        b.send(1)  // blocks in the subscriber until the canceller is done
      } else {
        _ = entered.wait(timeout: .now() + 10)
        box.withLock { $0 }?.cancel()  // must not wait for the call in progress
        a.send(2)
        release.signal()
      }
    }
    #expect(finished)
  }

  /// A thread delivers its own value and returns; a value another thread sent meanwhile goes
  /// to the drainer rather than keeping the first thread delivering.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test(arguments: ["merge", "combineLatest", "flatMap"])
  func aSenderLeavesOtherThreadsValuesToTheDrainer(operatorName: String) {
    let a = PassthroughRelay<Int>()
    let b = PassthroughRelay<Int>()
    let publisher: AnyPublisher<Int, Never> =
      switch operatorName {
      case "merge": a.merge(with: b).eraseToAnyPublisher()
      case "combineLatest": a.combineLatest(b) { $0 + 10 * $1 }.eraseToAnyPublisher()
      default: a.merge(with: b).flatMap { Just($0) }.eraseToAnyPublisher()
      }
    let firstEntered = DispatchSemaphore(value: 0)
    let releaseFirst = DispatchSemaphore(value: 0)
    let secondDelivered = DispatchSemaphore(value: 0)
    let secondThread = Locked<String?>(nil)
    let calls = Atomic<Int>(0)
    let cancellable = publisher.sink { _ in
      if calls.add(1, ordering: .relaxed).newValue == 1 {
        firstEntered.signal()
        _ = releaseFirst.wait(timeout: .now() + 10)
      } else {
        secondThread.withLock { $0 = Thread.current.name }
        secondDelivered.signal()
      }
    }
    if operatorName == "combineLatest" { b.send(0) }
    let senderReturned = DispatchSemaphore(value: 0)
    let sender = Thread {
      a.send(1)
      senderReturned.signal()
    }
    sender.name = "sender"
    sender.start()
    #expect(firstEntered.wait(timeout: .now() + 10) == .success)
    b.send(2)  // returns at once: the value waits behind the call in progress
    releaseFirst.signal()
    #expect(senderReturned.wait(timeout: .now() + 10) == .success)
    #expect(secondDelivered.wait(timeout: .now() + 10) == .success)
    #expect(secondThread.withLock { $0 } != "sender")
    _ = cancellable
  }
}
