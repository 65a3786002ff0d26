import Relay
import RelayTestSupport
import TestSupport
import Testing

@Suite struct SingleReplayTests {
  @Test func sharesOneUpstreamSubscriptionAndReplaysTheLatestValue() {
    let relay = CurrentValueRelay(0)
    let log = LineRecorder()
    let shared = relay.print("R", to: log).singleReplay()
    let first = TrackingSubscriber<Int, Never>(demand: .unlimited)
    shared.subscribe(first)
    relay.send(1)
    let second = TrackingSubscriber<Int, Never>(demand: .unlimited)
    shared.subscribe(second)
    relay.send(2)
    #expect(first.values == [0, 1, 2])
    #expect(second.values == [1, 2])
    #expect(
      log.lines == [
        "R: receive subscription: (CurrentValueSubject)",
        "R: request unlimited",
        "R: receive value: (0)",
        "R: receive value: (1)",
        "R: receive value: (2)",
      ])
  }

  @Test func lastSubscriberLeavingCancelsUpstreamSilentlyAndTheNextConnectsAfresh() {
    let relay = CurrentValueRelay(0)
    let log = LineRecorder()
    let shared = relay.print("R", to: log).singleReplay()
    let first = TrackingSubscriber<Int, Never>(demand: .unlimited)
    let second = TrackingSubscriber<Int, Never>(demand: .unlimited)
    shared.subscribe(first)
    shared.subscribe(second)
    first.cancel()
    relay.send(1)
    #expect(!log.lines.contains("R: receive cancel"))
    second.cancel()
    #expect(log.lines.last == "R: receive cancel")
    #expect(first.history.allSatisfy { if case .completion = $0 { false } else { true } })
    #expect(second.values == [0, 1])
    relay.send(2)
    let third = TrackingSubscriber<Int, Never>(demand: .unlimited)
    shared.subscribe(third)
    #expect(third.values == [2])
    #expect(
      log.lines.filter { $0.hasSuffix("receive subscription: (CurrentValueSubject)") }.count == 2)
  }

  @Test func upstreamCompletionFinishesEverySubscriberAndResets() {
    let upstream = PassthroughRelay<Int>()
    let finisher = FinishingPublisher(upstream: upstream)
    let shared = finisher.singleReplay()
    let first = TrackingSubscriber<Int, Never>(demand: .unlimited)
    shared.subscribe(first)
    upstream.send(1)
    finisher.finish()
    #expect(first.history.last == .finished)
    #expect(first.values == [1])
  }

  @Test func demandIsHonouredPerSubscriber() {
    let relay = CurrentValueRelay(0)
    let shared = relay.singleReplay()
    let limited = TrackingSubscriber<Int, Never>(demand: .max(1))
    shared.subscribe(limited)
    relay.send(1)
    relay.send(2)
    #expect(limited.values == [0])
    limited.request(.max(1))
    #expect(limited.values == [0, 2])
  }
}

extension SingleReplayTests {
  /// A publisher that hands each subscriber a subscription it does not keep, whose deinit
  /// runs `onSubscriptionDeinit`, and completes it on demand.
  final class HandingOverPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never
    var subscribers: [AnySubscriber<Int, Never>] = []
    var onSubscriptionDeinit: () -> Void = {}
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscribers.append(AnySubscriber(subscriber))
      subscriber.receive(subscription: TestSubscription(onDeinit: onSubscriptionDeinit))
    }
    func finish() {
      let finishing = subscribers
      subscribers = []
      for subscriber in finishing { subscriber.receive(completion: .finished) }
    }
  }

  /// On completion the upstream's subscription is released outside the connection lock: its
  /// deinit may subscribe to the same `singleReplay`.
  @Test func theUpstreamSubscriptionIsReleasedOutsideTheLockOnCompletion() {
    let finished = finishesWithin {
      let upstream = HandingOverPublisher()
      let shared = upstream.singleReplay()
      let late = Locked<AnyCancellable?>(nil)
      upstream.onSubscriptionDeinit = {
        upstream.onSubscriptionDeinit = {}
        late.withLock { $0 = shared.sink { _ in } }
      }
      let first = shared.sink { _ in }
      upstream.finish()
      first.cancel()
      let dropped = late.withLock { value -> AnyCancellable? in
        defer { value = nil }
        return value
      }
      _ = dropped  // released after the lock
    }
    #expect(finished)
  }

  @Test func aCancelledMemberReleasesItsSubscriberAndTheLastCancelsTheUpstream() {
    let subscription = TestSubscription()
    let upstream = TestPublisher<Int, Never>(subscription: subscription)
    let shared = upstream.singleReplay()
    var released = false
    do {
      let witness = SinkTests.Witness { released = true }
      let cancellable = shared.sink { _ in _ = witness }
      upstream.send(1)
      cancellable.cancel()
    }
    #expect(released)
    #expect(subscription.history == [.requested(.unlimited), .cancelled])
  }
}

/// A publisher that forwards a relay's values and finishes on demand, for completion tests.
final class FinishingPublisher: Publisher, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = Never
  let upstream: PassthroughRelay<Int>
  var subscribers: [AnySubscriber<Int, Never>] = []
  init(upstream: PassthroughRelay<Int>) { self.upstream = upstream }
  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    subscribers.append(AnySubscriber(subscriber))
    upstream.subscribe(subscriber)
  }
  func finish() { for subscriber in subscribers { subscriber.receive(completion: .finished) } }
}
