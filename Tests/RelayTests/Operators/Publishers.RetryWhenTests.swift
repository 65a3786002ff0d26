import Relay
import RelayTestSupport
import Testing

/// CombineExt's `RetryWhenTests`, ported, and demand and cancellation.
@Suite struct RetryWhenTests {
  enum Failure: Error, Equatable {
    case some
    case retry
  }

  typealias Tracker = TrackingSubscriber<Int, Failure>

  @Test func valuesAndTheFinishPassThrough() {
    let upstream = TestSubject<Int, Failure>()
    let tracker = Tracker(demand: .unlimited)
    upstream.retryWhen { failures in failures.filter { _ in false } }.subscribe(tracker)
    upstream.send(2)
    upstream.send(completion: .finished)
    #expect(tracker.history == [.subscription("RetryWhen"), .value(2), .finished])
  }

  @Test func aValueOfTheTriggerSubscribesAgain() {
    var attempts = 0
    let tracker = Tracker(demand: .unlimited)
    Deferred { () -> AnyPublisher<Int, Failure> in
      defer { attempts += 1 }
      return attempts == 0
        ? Fail(error: .some).eraseToAnyPublisher()
        : Just(5).setFailureType(to: Failure.self).eraseToAnyPublisher()
    }
    .retryWhen { failures in failures.map { _ in () } }
    .subscribe(tracker)
    #expect(tracker.history == [.subscription("RetryWhen"), .value(5), .finished])
    #expect(attempts == 2)
  }

  @Test func aFailureOfTheTriggerFails() {
    let tracker = Tracker(demand: .unlimited)
    Fail<Int, Failure>(error: .some)
      .retryWhen { failures in failures.tryMap { _ in throw Failure.retry } }
      .subscribe(tracker)
    #expect(tracker.history == [.subscription("RetryWhen"), .failure(.retry)])
  }

  /// The trigger sends one value, then finishes: one more attempt, which fails, then the end.
  @Test func theTriggerFinishingFinishes() {
    var attempts = 0
    let tracker = Tracker(demand: .unlimited)
    Deferred { () -> Fail<Int, Failure> in
      attempts += 1
      return Fail(error: .some)
    }
    .retryWhen { failures in failures.prefix(1) }
    .subscribe(tracker)
    #expect(tracker.history == [.subscription("RetryWhen"), .finished])
    #expect(attempts == 2)
  }

  /// Each attempt is asked for what the subscriber asked for and has not received.
  @Test func theDemandLeftGoesToTheNextAttempt() throws {
    let subscription = TestSubscription()
    let upstream = TestPublisher<Int, Failure>(subscription: subscription)
    let trigger = PassthroughRelay<Void>()
    let tracker = Tracker()
    upstream.retryWhen { _ in trigger }.subscribe(tracker)
    #expect(upstream.subscribeCount == 1)
    try #require(tracker.subscription).request(.max(3))
    upstream.send(1)
    upstream.send(completion: .failure(.some))
    #expect(tracker.history == [.subscription("RetryWhen"), .value(1)])
    trigger.send(())
    #expect(upstream.subscribeCount == 2)
    #expect(subscription.history == [.requested(.max(3)), .requested(.max(2))])
    upstream.send(2)
    #expect(tracker.values == [1, 2])
  }

  @Test func cancelEndsTheAttemptAndTheTrigger() throws {
    let subscription = TestSubscription()
    let upstream = TestPublisher<Int, Failure>(subscription: subscription)
    let trigger = TestSubject<Void, Never>()
    let tracker = Tracker(demand: .unlimited)
    upstream.retryWhen { _ in trigger }.subscribe(tracker)
    #expect(trigger.subscriberCount == 1)
    try #require(tracker.subscription).cancel()
    #expect(subscription.history == [.requested(.unlimited), .cancelled])
    #expect(trigger.subscriberCount == 0)
    upstream.send(1)
    #expect(tracker.history == [.subscription("RetryWhen")])
  }
}
