import Dispatch
import Foundation
import Relay
import RelayTestSupport
import Synchronization
import TestSupport
import Testing

/// No call into a relay is kept delivering other threads' values, and no cancel waits for
/// another subscriber: each test here hung or ran without bound before the relay handed
/// other threads' work to its drainer and stopped waiting in `cancel()`.
///
/// `.ci/run` runs them under Thread Sanitizer too.
// Its tests count with Synchronization's atomics, independent of the package's own, which need
// iOS 18 / macOS 15: each test says so, and is skipped on older systems.
@Suite struct RelayLivenessTests {
  /// Busy work standing for a subscriber that takes a while.
  static func work(_ nanoseconds: UInt64) {
    let start = DispatchTime.now().uptimeNanoseconds
    while DispatchTime.now().uptimeNanoseconds - start < nanoseconds {}
  }

  /// The longest that `body` took in one call.
  final class LongestCall: @unchecked Sendable {
    // `seconds` is guarded by `lock`.
    let lock = NSLock()
    var seconds = 0.0

    func time(_ body: () -> Void) {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      lock.lock()
      seconds = max(seconds, elapsed)
      lock.unlock()
    }

    var longest: Double {
      lock.lock()
      defer { lock.unlock() }
      return seconds
    }
  }

  /// Two threads stream values faster than the subscriber takes them, so the backlog never
  /// empties while they run; every other call is timed meanwhile.
  ///
  /// - Returns: How long the streams ran.
  static func stream(
    into relay: @escaping @Sendable (Int) -> Void, count: Int = 60_000,
    whileRunning calls: @escaping @Sendable () -> Void
  ) -> Double {
    let streaming = Atomic<Int>(2)
    let start = DispatchTime.now().uptimeNanoseconds
    let elapsed = Atomic<UInt64>(0)
    runConcurrently(threads: 3) { thread in
      if thread < 2 {
        for value in 0..<count { relay(thread * 1_000_000 + value) }
        if streaming.subtract(1, ordering: .relaxed).newValue == 0 {
          elapsed.store(DispatchTime.now().uptimeNanoseconds - start, ordering: .relaxed)
        }
      } else {
        while streaming.load(ordering: .relaxed) > 0 { calls() }
      }
    }
    return Double(elapsed.load(ordering: .relaxed)) / 1e9
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test(.timeLimit(.minutes(2)))
  func sendsAndSubscriptionsReturnWhileOtherThreadsKeepSending() {
    let relay = PassthroughRelay<Int>()
    let delivered = Atomic<Int>(0)
    let slow = relay.sink { _ in
      Self.work(1_000)
      delivered.add(1, ordering: .relaxed)
    }
    let sends = LongestCall()
    let others = LongestCall()
    let streamSeconds = Locked(Double.infinity)
    let ended = finishes(within: 90) {
      let seconds = Self.stream(
        into: { value in sends.time { relay.send(value) } },
        whileRunning: {
          others.time {
            let subscription = relay.sink { _ in }
            subscription.cancel()
          }
          others.time { relay.send(-1) }
        })
      streamSeconds.withLock { $0 = seconds }
    }
    #expect(ended)
    let streamed = streamSeconds.withLock { $0 }
    // Before, the first sender became the deliverer and delivered the other's stream until it
    // ended: one call took about as long as the whole stream.
    #expect(sends.longest < streamed / 4, "a send took \(sends.longest) s of \(streamed) s")
    #expect(others.longest < streamed / 4, "a call took \(others.longest) s of \(streamed) s")
    // Nothing was lost on the way: the drainer delivers the backlog.
    #expect(eventually(within: 60) { delivered.load(ordering: .relaxed) >= 120_000 })
    _ = slow
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test(.timeLimit(.minutes(2)))
  func modifyAndRequestReturnWhileOtherThreadsKeepSending() {
    let relay = CurrentValueRelay(0)
    let slow = relay.sink { _ in Self.work(1_000) }
    let calls = LongestCall()
    let modifies = Atomic<Int>(0)
    let bounded = TrackingSubscriber<Int, Never>(demand: .max(1))
    relay.subscribe(bounded)
    let streamSeconds = Locked(Double.infinity)
    let ended = finishes(within: 90) {
      let seconds = Self.stream(
        into: { relay.send($0) },
        whileRunning: {
          calls.time {
            relay.modify { $0 = -$0 }
            modifies.add(1, ordering: .relaxed)
          }
          calls.time { bounded.request(.max(1)) }
        })
      streamSeconds.withLock { $0 = seconds }
    }
    #expect(ended)
    let streamed = streamSeconds.withLock { $0 }
    #expect(modifies.load(ordering: .relaxed) > 0)
    #expect(calls.longest < streamed / 4, "a call took \(calls.longest) s of \(streamed) s")
    _ = slow
  }

  /// The example: the first subscriber waits for the thread that cancels the second.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test(.timeLimit(.minutes(1)))
  func cancellingASubscriberNeverWaitsForAnotherOnesCall() {
    let relay = PassthroughRelay<Int>()
    let gate = DispatchSemaphore(value: 0)
    let entered = DispatchSemaphore(value: 0)
    let first = relay.sink { _ in
      entered.signal()
      gate.wait()  // waits for the canceller
    }
    let secondReceived = Atomic<Int>(0)
    let second = relay.sink { _ in secondReceived.add(1, ordering: .relaxed) }
    Thread.detachNewThread { relay.send(1) }  // thread A is inside `first`
    entered.wait()
    #expect(finishes(within: 10) { second.cancel() })
    gate.signal()
    // The round that was under way began before the cancel, but had not called `second`:
    // it skips it.
    #expect(eventually { !relay.hasSubscribers || secondReceived.load(ordering: .relaxed) == 0 })
    usleep(20_000)
    #expect(secondReceived.load(ordering: .relaxed) == 0)
    _ = first
  }

  /// The everyday form: a subscriber hops to the main queue synchronously while the main
  /// queue cancels another subscription.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test(.timeLimit(.minutes(1)))
  func aSubscriberWaitingForAQueueThatCancelsAnotherSubscriptionDoesNotDeadlock() {
    let main = DispatchQueue(label: "stand-in for the main queue")
    let relay = CurrentValueRelay(0)
    let onMain = Atomic<Int>(0)
    let hopping = relay.sink { _ in main.sync { onMain.add(1, ordering: .relaxed) } }
    let other = Locked<AnyCancellable?>(relay.sink { _ in })
    let ready = DispatchSemaphore(value: 0)
    main.async {
      ready.signal()
      usleep(20_000)  // the sender is inside `hopping`, waiting for this queue
      other.withLock { $0 = nil }  // dropping the cancellable cancels it
    }
    ready.wait()
    #expect(finishes(within: 10) { relay.send(1) })
    #expect(onMain.load(ordering: .relaxed) == 2)
    // Kept for good: if this regresses, cancelling it on deinit would hang the test.
    _ = Unmanaged.passRetained(hopping)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func cancellingALaterSubscriberFromAnEarlierOneReleasesItAtOnce() {
    final class Witness: Sendable {}
    let relay = PassthroughRelay<Int>()
    weak var weakWitness: Witness?
    let later = Locked<AnyCancellable?>(nil)
    var releasedAtOnce = false
    let earlier = relay.sink { _ in
      later.withLock { $0 = nil }  // cancels it
      releasedAtOnce = weakWitness == nil
    }
    do {
      let witness = Witness()
      weakWitness = witness
      later.withLock { $0 = relay.sink { _ in _ = witness } }
    }
    relay.send(1)
    #expect(releasedAtOnce)
    _ = earlier
  }

  /// The same when the relay's drainer delivers: it is the thread running the round.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test(.timeLimit(.minutes(1)))
  func cancellingALaterSubscriberFromAnEarlierOneOnTheDrainerReleasesItAtOnce() {
    let relay = PassthroughRelay<Int>()
    let released = Atomic<Bool>(false)
    let later = Locked<AnyCancellable?>(nil)
    let releasedAtOnce = Locked<Bool?>(nil)
    let earlier = relay.sink { value in
      guard value == 2 else { return }  // 2 is delivered by the drainer
      later.withLock { $0 = nil }  // cancels it
      releasedAtOnce.withLock { $0 = released.load(ordering: .relaxed) }
    }
    do {
      let probe = DeinitProbe(id: 0) { released.store(true, ordering: .relaxed) }
      later.withLock { $0 = relay.sink { _ in _ = probe } }
    }
    let blocked = BlockedSink(on: relay) { relay.send(1) }
    relay.send(2)  // behind another thread's round: the drainer delivers it
    blocked.release()
    #expect(eventually { releasedAtOnce.withLock { $0 } != nil })
    #expect(releasedAtOnce.withLock { $0 } == true)
    _ = (earlier, blocked)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)

  @Test func aSubscriberCancellingItselfIsReleasedWhenItsCallReturns() {
    final class Witness: Sendable {}
    let relay = PassthroughRelay<Int>()
    weak var weakWitness: Witness?
    let own = Locked<AnyCancellable?>(nil)
    var calls = 0
    do {
      let witness = Witness()
      weakWitness = witness
      own.withLock {
        $0 = relay.sink { _ in
          _ = witness
          calls += 1
          own.withLock { $0 = nil }
        }
      }
    }
    relay.send(1)
    relay.send(2)
    #expect(calls == 1)
    #expect(weakWitness == nil)
  }

  /// A value whose deinit sends to the relay it was replaced in: released outside the lock.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @Test(.timeLimit(.minutes(1)))
  func replacedAndDroppedValuesMaySendToTheirRelay() {
    final class Echo: @unchecked Sendable {
      // Set once before the value is shared.
      var onDeinit: (() -> Void)?
      deinit { onDeinit?() }
    }
    let relay = CurrentValueRelay<Echo?>(nil)
    let echoes = Atomic<Int>(0)
    let subscription = relay.sink { _ in }
    #expect(
      finishes(within: 10) {
        for _ in 0..<100 {
          let echo = Echo()
          echo.onDeinit = {
            echoes.add(1, ordering: .relaxed)
            _ = relay.value
          }
          relay.send(echo)
        }
        relay.send(nil)
      })
    #expect(echoes.load(ordering: .relaxed) == 100)
    _ = subscription
  }
}
