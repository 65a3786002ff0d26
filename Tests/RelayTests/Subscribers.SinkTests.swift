import Dispatch
import Foundation
import Relay
import RelayTestSupport
import TestSupport
import Testing

/// OpenCombine's `SinkTests` (Combine's outcomes), and issue 8's: the closures are released on
/// completion and on cancel, values after completion are ignored, and nothing of that runs
/// under a lock.
@Suite struct SinkTests {
  typealias Sut = Subscribers.Sink<Int, Never>

  /// Lets a closure find out when what it captured goes away.
  final class Witness: @unchecked Sendable {
    let onDeinit: () -> Void
    init(onDeinit: @escaping () -> Void = {}) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
  }

  @Test func descriptionAndReflection() {
    let sink = Sut(receiveCompletion: { _ in }, receiveValue: { _ in })
    #expect(sink.description == "Sink")
    #expect(sink.playgroundDescription as? String == "Sink")
    #expect(sink.customMirror.children.isEmpty)
  }

  @Test func keepsTheFirstSubscriptionAndCancelsEveryOther() {
    let sink = Sut(receiveCompletion: { _ in }, receiveValue: { _ in })
    let first = TestSubscription()
    sink.receive(subscription: first)
    #expect(first.history == [.requested(.unlimited)])

    let second = TestSubscription()
    sink.receive(subscription: second)
    #expect(first.history == [.requested(.unlimited)])
    #expect(second.history == [.cancelled])

    sink.receive(subscription: first)  // the same one again is a second subscription too
    #expect(first.history == [.requested(.unlimited), .cancelled])

    sink.receive(completion: .finished)
    #expect(first.history == [.requested(.unlimited), .cancelled])  // completing cancels nothing

    let third = TestSubscription()
    sink.receive(subscription: third)
    #expect(third.history == [.cancelled])
  }

  /// A subscription of a value type: Combine's protocol is not class-bound.
  struct ValueSubscription: Subscription {
    let log: Locked<[TestSubscription.Event]>
    func request(_ demand: Subscribers.Demand) { log.withLock { $0.append(.requested(demand)) } }
    func cancel() { log.withLock { $0.append(.cancelled) } }
  }

  /// A sink keeps its subscription as a class instance (two words): a subscription that is a
  /// value is boxed, and asking and cancelling still reach it.
  @Test func aSubscriptionThatIsAValueIsStillAskedAndCancelled() {
    let log = Locked<[TestSubscription.Event]>([])
    let subscription = ValueSubscription(log: log)
    #expect(!(subscription._subscriptionObject is TestSubscription))
    let sink = Sut(receiveCompletion: { _ in }, receiveValue: { _ in })
    sink.receive(subscription: subscription)
    #expect(log.withLock { $0 } == [.requested(.unlimited)])
    sink.cancel()
    #expect(log.withLock { $0 } == [.requested(.unlimited), .cancelled])
    sink.cancel()
    #expect(log.withLock { $0 } == [.requested(.unlimited), .cancelled])
  }

  /// A subscription that is a class instance is kept as itself, with no box.
  @Test func aSubscriptionThatIsAClassInstanceIsKeptAsItself() {
    let subscription = TestSubscription()
    #expect(subscription._subscriptionObject === subscription)
  }

  @Test func receivesValuesUntilItCompletes() {
    var value = 0
    var completion: Subscribers.Completion<Never>?
    let sink = Sut(receiveCompletion: { completion = $0 }, receiveValue: { value = $0 })
    let publisher = TestPublisher<Int, Never>(subscription: TestSubscription())

    #expect(sink.receive(12) == .none)  // without a subscription, as Combine allows
    #expect(value == 12)
    #expect(completion == nil)

    publisher.subscribe(sink)
    publisher.send(42)
    #expect(value == 42)
    #expect(completion == nil)

    publisher.send(completion: .finished)
    #expect(value == 42)
    #expect(completion == .finished)

    #expect(sink.receive(100) == .none)  // issue 8: ignored after the completion
    #expect(value == 42)

    publisher.subscribe(sink)
    publisher.send(1_000_000)
    #expect(value == 42)

    sink.cancel()
    publisher.send(-1)
    #expect(value == 42)
  }

  @Test func receivesWithoutASubscriptionAndCompletesOnce() {
    var values = 0
    var completions = 0
    let sink = Subscribers.Sink<Void, TestingError>(
      receiveCompletion: { _ in completions += 1 }, receiveValue: { values += 1 })
    #expect(sink.receive(()) == .none)
    #expect(values == 1)
    #expect(completions == 0)
    sink.receive(completion: .finished)
    #expect((values, completions) == (1, 1))
    #expect(sink.receive(()) == .none)
    sink.receive(completion: .finished)
    sink.receive(completion: .failure(.oops))
    #expect((values, completions) == (1, 1))
    sink.cancel()
    #expect((values, completions) == (1, 1))
  }

  enum Termination: CaseIterable, Sendable {
    case cancel, finish, fail
  }

  /// Combine releases the closures on completion with or without a subscription, and on
  /// cancel only with one.
  ///
  /// Relay also releases them on a cancel before any subscription: a cancelled sink stays cancelled
  /// (a deliberate difference, documented on `Sink`).
  @Test(arguments: [true, false], Termination.allCases)
  func releasesItsClosuresWhenItEnds(subscribed: Bool, termination: Termination) {
    var valueClosureGone = false
    var completionClosureGone = false
    let sink: Subscribers.Sink<Void, TestingError>
    do {
      let valueWitness = Witness { valueClosureGone = true }
      let completionWitness = Witness { completionClosureGone = true }
      sink = .init(
        receiveCompletion: { _ in _ = completionWitness },
        receiveValue: { _ = valueWitness })
    }
    if subscribed { sink.receive(subscription: TestSubscription()) }
    #expect(!valueClosureGone && !completionClosureGone)
    switch termination {
    case .cancel: sink.cancel()
    case .finish: sink.receive(completion: .finished)
    case .fail: sink.receive(completion: .failure(.oops))
    }
    withExtendedLifetime(sink) {
      #expect(valueClosureGone)
      #expect(completionClosureGone)
    }
  }

  @Test func aSinkCancelledBeforeItsSubscriptionCancelsItWhenItArrives() {
    var received: [Int] = []
    let sink = Sut(receiveCompletion: { _ in }, receiveValue: { received.append($0) })
    sink.cancel()
    let subscription = TestSubscription()
    sink.receive(subscription: subscription)
    #expect(subscription.history == [.cancelled])
    #expect(sink.receive(1) == .none)
    #expect(received == [])
  }

  final class Owner {
    var cancellable: AnyCancellable?
    var values: [Int] = []
    let onDeinit: () -> Void
    init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
  }

  /// A cycle `self → cancellable → closure → self` breaks when the publisher completes.
  @Test func aCycleThroughTheClosuresBreaksOnCompletion() {
    var ownerGone = false
    let publisher = TestPublisher<Int, Never>(subscription: TestSubscription())
    do {
      let owner = Owner { ownerGone = true }
      owner.cancellable = publisher.sink(
        receiveCompletion: { _ in _ = owner.values.count },
        receiveValue: { owner.values.append($0) })
      publisher.send(1)
      #expect(owner.values == [1])
    }
    #expect(!ownerGone)
    publisher.send(completion: .finished)
    #expect(ownerGone)
  }

  /// The same cycle when the sink is a relay's direct subscriber and another publisher
  /// completes it (a relay never does): the sink cancels its relay subscription, so the relay's
  /// own copy of `receiveValue` goes with the completion, and the closures with it.
  @Test func behindARelayTheClosuresGoWithTheCompletion() {
    var ownerGone = false
    var received: [Int] = []
    do {
      let upstream = PassthroughRelay<Int>()
      let finishing = FinishingPublisher(upstream: upstream)
      do {
        let owner = Owner { ownerGone = true }
        owner.cancellable = finishing.sink(
          receiveCompletion: { _ in _ = owner.values.count },
          receiveValue: {
            owner.values.append($0)
            received.append($0)
          })
        upstream.send(1)
        #expect(owner.values == [1])
      }
      finishing.finish()
      #expect(ownerGone)
      upstream.send(2)  // the relay no longer calls the sink
      #expect(received == [1])
      finishing.subscribers.removeAll()
    }
  }

  /// OpenCombine issue 208: the closures' captures may send a completion to the sink as they
  /// go away; that must neither deadlock nor call a closure.
  @Test(arguments: [true, false])
  func aCompletionSentWhileCancellingIsIgnored(captureInValueClosure: Bool) {
    let publisher = TestPublisher<Int, Never>(subscription: TestSubscription())
    var called = false
    let cancellable: AnyCancellable
    do {
      let finisher = Witness { publisher.send(completion: .finished) }
      cancellable =
        captureInValueClosure
        ? publisher.sink(
          receiveCompletion: { _ in called = true }, receiveValue: { _ in _ = finisher })
        : publisher.sink(
          receiveCompletion: { _ in
            _ = finisher
            called = true
          }, receiveValue: { _ in })
    }
    cancellable.cancel()
    #expect(!called)
  }

  @Test func aCompletionSentWhileCompletingIsIgnored() {
    let publisher = TestPublisher<Int, Never>(subscription: TestSubscription())
    var completions = 0
    let cancellable: AnyCancellable
    do {
      let finisher = Witness { publisher.send(completion: .finished) }
      cancellable = publisher.sink(
        receiveCompletion: { _ in completions += 1 }, receiveValue: { _ in _ = finisher })
    }
    publisher.send(completion: .finished)  // releasing the finisher sends another completion
    cancellable.cancel()
    #expect(completions == 1)
  }

  @Test func aRecursiveCompletionIsIgnored() {
    var remaining = 10
    var delayed: Sut?
    let sink = Sut(
      receiveCompletion: {
        if remaining == 0 { return }
        remaining -= 1
        delayed?.receive(completion: $0)
      }, receiveValue: { _ in })
    delayed = sink
    sink.receive(subscription: TestSubscription())
    sink.receive(completion: .finished)
    #expect(remaining == 9)
    delayed = nil
  }

  @Test func sinkOperatorStopsWhenCancelledOrDropped() {
    var value = 0
    let relay = PassthroughRelay<Int>()
    let cancellable = relay.sink { value = $0 }
    #expect(value == 0)
    relay.send(42)
    #expect(value == 42)
    cancellable.cancel()
    relay.send(1)
    #expect(value == 42)
    _ = relay.sink { value = $0 }
    relay.send(100)
    #expect(value == 42)
  }

  @Test func theClosuresRemainReadable() {
    var values: [Int] = []
    var completions = 0
    let sink = Sut(
      receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) })
    sink.receiveValue(1)
    sink.receiveCompletion(.finished)
    #expect(values == [1])
    #expect(completions == 1)
    sink.cancel()
    sink.receiveValue(2)  // released: a closure that does nothing
    sink.receiveCompletion(.finished)
    #expect(values == [1])
    #expect(completions == 1)
  }

  /// The cancel policy: `cancel()` does not wait for a call in progress on another thread; that
  /// call finishes, and the closures are released when it returns, never before.
  @Test func cancelDuringACallOnAnotherThreadReleasesTheClosuresWhenTheCallReturns() {
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let returned = DispatchSemaphore(value: 0)
    let released = Locked(false)
    let sink: Subscribers.Sink<Int, Never>
    do {
      let witness = Witness { released.withLock { $0 = true } }
      sink = Subscribers.Sink(
        receiveCompletion: { _ in },
        receiveValue: { _ in
          _ = witness
          entered.signal()
          _ = proceed.wait(timeout: .now() + 10)
        })
    }
    sink.receive(subscription: TestSubscription())
    Thread.detachNewThread {
      _ = sink.receive(1)
      returned.signal()
    }
    #expect(entered.wait(timeout: .now() + 10) == .success)
    let cancelled = finishesWithin { sink.cancel() }  // does not wait for the call
    #expect(cancelled)
    #expect(released.withLock { $0 } == false)  // the call in progress still uses them
    #expect(sink.receive(2) == .none)  // no new call starts
    proceed.signal()
    #expect(returned.wait(timeout: .now() + 10) == .success)
    #expect(released.withLock { $0 })
  }

  /// The getters and the release of the closures race safely.
  ///
  /// A getter that reads them before the release holds them, one after gets a closure that does
  /// nothing. Run under the sanitizers in CI, where a use after release would stop the run.
  @Test func readingTheClosuresWhileAnotherThreadCancelsIsSafe() {
    for _ in 0..<200 {
      let calls = Locked(0)
      let sink: Sut
      do {
        let witness = Witness()
        sink = Sut(receiveCompletion: { _ in }, receiveValue: { _ in _ = witness })
      }
      sink.receive(subscription: TestSubscription())
      let started = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        started.signal()
        for value in 0..<50 {
          let receiveValue = sink.receiveValue
          receiveValue(value)
          calls.withLock { $0 += 1 }
        }
        done.signal()
      }
      started.wait()
      sink.cancel()
      #expect(done.wait(timeout: .now() + 10) == .success)
      #expect(calls.withLock { $0 } == 50)
    }
  }

  /// No lock is held while the closures go away: their captures' deinits may call the sink.
  @Test(arguments: Termination.allCases)
  func releasingTheClosuresHoldsNoLock(termination: Termination) {
    let box = Locked<Subscribers.Sink<Int, TestingError>?>(nil)
    let ended = finishesWithin {
      let probing: Subscribers.Sink<Int, TestingError>
      do {
        // Its deinit reads and calls the sink that is releasing the closure holding it.
        let probe = DeinitProbe(id: 0) {
          guard let releasing = box.withLock({ $0 }) else { return }
          _ = releasing.receiveValue
          _ = releasing.receive(1)
          releasing.cancel()
        }
        probing = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { _ in _ = probe })
      }
      box.withLock { $0 = probing }
      probing.receive(subscription: TestSubscription())
      switch termination {
      case .cancel: probing.cancel()
      case .finish: probing.receive(completion: .finished)
      case .fail: probing.receive(completion: .failure(.oops))
      }
      // Moved out and released after the lock: the closures may still be held.
      let releasing = box.withLock { sink -> Subscribers.Sink<Int, TestingError>? in
        defer { sink = nil }
        return sink
      }
      _ = releasing
    }
    #expect(ended)
  }

  @Test func requestingNoneStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let relay = CurrentValueRelay(0)
      let tracker = TrackingSubscriber<Int, Never>()
      relay.subscribe(tracker)
      tracker.request(.none)
    }
  }
}

extension SinkTests {
  @Test func sinkWithCompletionReceivesFinished() {
    let relay = CurrentValueRelay(1)
    let shared = relay.singleReplay()
    var events: [String] = []
    let cancellable = shared.sink(
      receiveCompletion: { _ in events.append("finished") },
      receiveValue: { events.append("\($0)") })
    #expect(events == ["1"])
    _ = cancellable
  }
}
