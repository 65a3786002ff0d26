import Dispatch
import Foundation
import Relay
import RelayTestSupport
import TestSupport
import Testing

/// OpenCombine's `ReceiveOnTests` (Combine's outcomes), driven by a dispatch queue the test
/// suspends and resumes where OpenCombine uses a virtual-time scheduler; and issue 8's items
/// 6 and 7: `cancel()` never waits for the queue, no delivery starts after it returns, and no
/// value is released under the operator's lock.
@Suite struct ReceiveOnTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>

  /// A serial queue, suspended until `run()`, which delivers what waits and returns.
  final class ControlledQueue: @unchecked Sendable {
    let queue = DispatchQueue(label: "receive-on-tests")
    private var suspended = true
    init() { queue.suspend() }
    deinit { if suspended { queue.resume() } }
    /// Lets the queue run everything scheduled so far, then suspends it again.
    func run() {
      queue.resume()
      queue.sync {}
      queue.suspend()
    }
    func resume() {
      if suspended { queue.resume() }
      suspended = false
    }
  }

  @Test func basicBehavior() {
    let controlled = ControlledQueue()
    let harness = Harness(initialDemand: .max(100), demandPerValue: .max(12)) {
      $0.receive(on: controlled.queue)
    }
    #expect(harness.publisher.subscriber != nil, "subscribes synchronously")
    #expect(harness.tracker.history == [.subscription("ReceiveOn")])
    #expect(harness.subscription.history == [.requested(.max(100))])
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.publisher.send(2) == .none)
    #expect(harness.publisher.send(3) == .none)
    #expect(harness.tracker.history == [.subscription("ReceiveOn")])
    controlled.run()
    #expect(
      harness.tracker.history == [.subscription("ReceiveOn"), .value(1), .value(2), .value(3)])
    expectALaterDeliveryEndsWithTheFirstCompletion(
      harness, named: "ReceiveOn", releasing: controlled.run)
    #expect(harness.subscription.history.count == 4)
  }

  @Test func requestsGoToTheUpstreamAtOnce() {
    let controlled = ControlledQueue()
    let harness = Harness {
      $0.receive(on: controlled.queue)
    }
    harness.downstreamSubscription?.request(.max(10))
    harness.downstreamSubscription?.request(.max(4))
    #expect(harness.publisher.send(2000) == .none)
    #expect(harness.subscription.history == [.requested(.max(10)), .requested(.max(4))])
    #expect(harness.tracker.history == [.subscription("ReceiveOn")])
    controlled.run()
    #expect(harness.tracker.history == [.subscription("ReceiveOn"), .value(2000)])
  }

  @Test func cancelReachesTheUpstreamOnceAndStopsEverything() {
    let controlled = ControlledQueue()
    let harness = Harness(initialDemand: .unlimited, demandPerValue: .none) {
      $0.receive(on: controlled.queue)
    }
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.request(.max(42))
    harness.downstreamSubscription?.cancel()
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
    #expect(harness.publisher.send(0) == .none)
    harness.publisher.send(completion: .finished)
    controlled.run()
    #expect(harness.subscription.history == [.requested(.unlimited), .cancelled])
    #expect(harness.tracker.history == [.subscription("ReceiveOn")])
  }

  @Test func aCancelFromTheSubscriberRequestsNothingMore() {
    let controlled = ControlledQueue()
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    var downstream: (any Subscription)?
    let tracking = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { downstream = $0 },
      receiveValue: { _ in
        downstream?.cancel()
        return .max(42)
      })
    publisher.receive(on: controlled.queue).subscribe(tracking)
    #expect(publisher.send(1) == .none)
    #expect(publisher.send(2) == .none)
    controlled.run()
    #expect(tracking.history == [.subscription("ReceiveOn"), .value(1)])
    #expect(subscription.history == [.cancelled])
  }

  @Test func aCompletionRightAfterTheSubscription() {
    let controlled = ControlledQueue()
    let harness = Harness(initialDemand: .unlimited, demandPerValue: .none) {
      $0.receive(on: controlled.queue)
    }
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("ReceiveOn")])
    controlled.run()
    #expect(
      harness.tracker.history == [.subscription("ReceiveOn"), .completion(.failure(.oops))])
    #expect(harness.subscription.history == [.requested(.unlimited)])
    harness.downstreamSubscription?.cancel()  // the upstream is done: nothing to cancel
    #expect(harness.subscription.history == [.requested(.unlimited)])
  }

  @Test func aCompletionRightAfterAValue() {
    let controlled = ControlledQueue()
    let harness = Harness(initialDemand: .unlimited, demandPerValue: .max(418)) {
      $0.receive(on: controlled.queue)
    }
    #expect(harness.publisher.send(-1) == .none)
    controlled.run()
    #expect(harness.publisher.send(1000) == .none)
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("ReceiveOn"), .value(-1)])
    controlled.run()
    #expect(
      harness.tracker.history == [
        .subscription("ReceiveOn"), .value(-1), .value(1000), .completion(.finished),
      ])
    #expect(
      harness.subscription.history == [
        .requested(.unlimited), .requested(.max(418)), .requested(.max(418)),
      ])
  }

  /// OpenCombine's `testReceiveInputRecursively`: a value sent from inside the subscriber
  /// is delivered after the current one, in order (here on the next block, not recursively).
  @Test func aValueSentFromTheSubscriberComesAfter() {
    let controlled = ControlledQueue()
    var remaining = 5
    var publisher: TestPublisher<Int, TestingError>?
    let subscription = TestSubscription()
    publisher = TestPublisher(subscription: subscription)
    let tracking = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(.unlimited) },
      receiveValue: { _ in
        if remaining > 0 {
          remaining -= 1
          publisher?.send(-1)
        }
        return .max(418)
      })
    publisher?.receive(on: controlled.queue).subscribe(tracking)
    publisher?.send(0)
    controlled.resume()
    // Each value sent from the subscriber goes to a block it schedules, after the work
    // already waiting on the queue: one `sync` per level.
    for _ in 0..<100 where tracking.values.count < 6 { controlled.queue.sync {} }
    #expect(tracking.values == [0, -1, -1, -1, -1, -1])
    #expect(
      subscription.history == [.requested(.unlimited)]
        + Array(repeating: .requested(.max(418)), count: 6))
    publisher = nil
  }

  @Test func aCompletionSentFromTheSubscriberIsIgnored() {
    let controlled = ControlledQueue()
    var publisher: TestPublisher<Int, TestingError>? = TestPublisher(
      subscription: TestSubscription())
    let tracking = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(.unlimited) },
      receiveCompletion: { _ in publisher?.send(completion: .finished) })
    publisher?.receive(on: controlled.queue).subscribe(tracking)
    publisher?.send(completion: .finished)
    controlled.run()
    #expect(tracking.history == [.subscription("ReceiveOn"), .completion(.finished)])
    publisher = nil
  }

  /// OpenCombine's `testStrongCaptureWhenSchedulingValue`: a value waiting when the
  /// subscriber cancels is not delivered, and the subscriber is released once the queue has
  /// run.
  @Test func aValueWaitingAtTheCancelIsNotDelivered() {
    let controlled = ControlledQueue()
    var released = false
    var delivered: Int?
    do {
      let publisher = TestPublisher<Int, TestingError>(subscription: TestSubscription())
      let tracking = TrackingSubscriber<Int, TestingError>(
        receiveValue: {
          delivered = $0
          return .none
        }, onDeinit: { released = true })
      publisher.receive(on: controlled.queue).subscribe(tracking)
      #expect(publisher.send(42) == .none)
      tracking.cancel()
      publisher.detach()
    }
    #expect(!released)
    controlled.run()
    #expect(delivered == nil)
    #expect(released)
  }

  /// Where Relay differs: Combine delivers a completion that was waiting when the subscriber
  /// cancelled; Relay starts no call after `cancel()` returns.
  @Test func aCompletionWaitingAtTheCancelIsNotDelivered() {
    let controlled = ControlledQueue()
    var released = false
    var completion: Subscribers.Completion<TestingError>?
    do {
      let publisher = TestPublisher<Int, TestingError>(subscription: TestSubscription())
      let tracking = TrackingSubscriber<Int, TestingError>(
        receiveCompletion: { completion = $0 }, onDeinit: { released = true })
      publisher.receive(on: controlled.queue).subscribe(tracking)
      publisher.send(completion: .finished)
      tracking.cancel()
      publisher.detach()
    }
    controlled.run()
    #expect(completion == nil)
    #expect(released)
  }

  @Test func cancelsASecondSubscription() {
    let queue = DispatchQueue(label: "second")
    expectCancelsASecondSubscription { $0.receive(on: queue) }
  }

  @Test func eventsBeforeTheSubscriptionAreIgnored() {
    let queue = DispatchQueue(label: "before")
    let publisher = TestPublisher<Int, Never>(subscription: nil)
    let tracking = TrackingSubscriber<Int, Never>(receiveValue: { _ in .max(42) })
    publisher.receive(on: queue).subscribe(tracking)
    #expect(publisher.send(213) == .none)
    publisher.send(completion: .finished)
    (publisher.erasedSubscriber as? any Subscription)?.request(.max(1))  // no crash
    queue.sync {}
    #expect(tracking.history == [])
    #expect("\(publisher.erasedSubscriber!)" == "ReceiveOn")
  }

  /// Where Relay differs: a subscription that arrives after a cancel is cancelled.
  @Test func aSubscriptionAfterACancelIsCancelled() {
    let queue = DispatchQueue(label: "after-cancel")
    let publisher = TestPublisher<Int, Never>(subscription: nil)
    publisher.receive(on: queue).subscribe(TrackingSubscriber<Int, Never>())
    (publisher.erasedSubscriber as? any Subscription)?.cancel()
    let subscription = TestSubscription()
    publisher.send(subscription: subscription)
    #expect(subscription.history == [.cancelled])
  }

  @Test func deliversEveryValueOnTheQueueInOrderEvenWhenConcurrent() async {
    let queue = DispatchQueue(label: "receive-on", attributes: .concurrent)
    let key = DispatchSpecificKey<Int>()
    queue.setSpecific(key: key, value: 7)
    let relay = PassthroughRelay<Int>()
    let tracker = TrackingSubscriber<Int, Never>(demandingAll: { _ in
      precondition(DispatchQueue.getSpecific(key: key) == 7, "delivered off the queue")
    })
    relay.receive(on: queue).subscribe(tracker)
    runConcurrently(threads: 1) { _ in for value in 0..<1_000 { relay.send(value) } }
    await waitUntil { tracker.values.count == 1_000 }
    #expect(tracker.values == Array(0..<1_000))
  }

  @Test func cancelStopsDeliveries() {
    let queue = DispatchQueue(label: "receive-on")
    let relay = PassthroughRelay<Int>()
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    relay.receive(on: queue).subscribe(tracker)
    queue.sync {
      relay.send(1)
      tracker.cancel()
    }
    relay.send(2)
    queue.sync {}
    #expect(tracker.values == [])
  }

  /// `cancel()` does not wait for the delivery in progress on the queue, so a subscriber that
  /// waits for the canceller cannot deadlock it.
  @Test func cancelDoesNotWaitForADeliveryInProgress() {
    let queue = DispatchQueue(label: "in-progress")
    let relay = PassthroughRelay<Int>()
    // The call for 1 waits for the canceller.
    let blocked = BlockedSink(on: relay.receive(on: queue), sendsOnThisThread: true) {
      relay.send(1)
    }
    relay.send(2)
    relay.send(3)
    let returned = finishesWithin { blocked.cancellable.cancel() }
    #expect(returned)
    blocked.release()
    queue.sync {}
    // The call in progress finished; the values behind it were never delivered.
    #expect(blocked.received.withLock { $0 } == [1])
  }

  /// The values waiting at the cancel are released outside the lock: a value's deinit may
  /// send to the same relay.
  @Test func valuesWaitingAtTheCancelAreReleasedOutsideTheLock() {
    let finished = finishesWithin {
      let controlled = ControlledQueue()
      let relay = PassthroughRelay<DeinitProbe>()
      let tracking = TrackingSubscriber<DeinitProbe, Never>(receiveSubscription: {
        $0.request(.unlimited)
      })
      relay.receive(on: controlled.queue).subscribe(tracking)
      for id in 0..<3 {
        relay.send(DeinitProbe(id: id) { relay.send(DeinitProbe(id: 100) {}) })
      }
      tracking.cancel()  // releases the three probes: each sends to the relay
      controlled.run()
    }
    #expect(finished)
  }

  /// The values the queue already took when the subscriber cancelled are released by the
  /// queue as it skips them, outside the lock too.
  @Test func valuesSkippedAfterTheCancelAreReleasedOutsideTheLock() {
    let finished = finishesWithin {
      let queue = DispatchQueue(label: "skipped")
      let relay = PassthroughRelay<DeinitProbe>()
      let box = Locked<(any Subscription)?>(nil)
      let tracking = TrackingSubscriber<DeinitProbe, Never>(
        receiveSubscription: {
          box.withLock { [subscription = $0] in $0 = subscription }
          $0.request(.unlimited)
        },
        receiveValue: { _ in
          box.withLock { $0 }?.cancel()  // the first value cancels; the rest are skipped
          return .none
        })
      queue.suspend()
      relay.receive(on: queue).subscribe(tracking)
      for id in 0..<5 {
        relay.send(DeinitProbe(id: id) { relay.send(DeinitProbe(id: 100) {}) })
      }
      queue.resume()
      queue.sync {}
      #expect(tracking.values.count == 1)
      let dropped = box.withLock { value -> (any Subscription)? in
        defer { value = nil }
        return value
      }
      _ = dropped  // released after the lock
    }
    #expect(finished)
  }

  /// A value sent while the queue delivers another is delivered before work submitted to
  /// the queue after the send: `queue.sync {}` after a send finds it delivered.
  @Test func workSubmittedAfterASendRunsAfterItsDelivery() {
    let queue = DispatchQueue(label: "flush")
    let relay = PassthroughRelay<Int>()
    let blocked = BlockedSink(on: relay.receive(on: queue), sendsOnThisThread: true) {
      relay.send(1)
    }
    relay.send(2)  // while the queue is delivering 1
    blocked.release()
    queue.sync {}
    #expect(blocked.received.withLock { $0 } == [1, 2])
    blocked.cancellable.cancel()
  }

  /// A long backlog behind a busy queue is delivered whole, in order, each value once.
  @Test func aBacklogIsDeliveredInOrder() {
    let controlled = ControlledQueue()
    let relay = PassthroughRelay<Int>()
    let received = Locked<[Int]>([])
    let cancellable = relay.receive(on: controlled.queue).sink { value in
      received.withLock { $0.append(value) }
    }
    for value in 0..<10_000 { relay.send(value) }
    controlled.run()
    #expect(received.withLock { $0 } == Array(0..<10_000))
    cancellable.cancel()
  }
}
