import Foundation
import Relay
import RelayTestSupport
import TestSupport
import Testing

/// OpenCombine's `TimeoutTests`, ported to a scheduler whose clock the test moves.
@Suite struct TimeoutTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>

  static let timeoutErrors: [TestingError?] = [nil, "timeout"]

  @Test(arguments: timeoutErrors) func valuesRestartTheTimerUntilTheUpstreamIsSilent(
    customError: TestingError?
  ) {
    let expected: TrackingSubscriber<Int, TestingError>.Event =
      customError.map { .failure($0) } ?? .finished
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(2), demandPerValue: .max(1)) {
      $0.timeout(
        .nanoseconds(13), scheduler: scheduler, options: .nontrivialOptions,
        customError: customError.map { error in { error } })
    }
    #expect(harness.tracker.history == [.subscription("Timeout")])
    #expect(harness.subscription.history == [.requested(.max(2))])
    // The timer starts at the subscription and again at the first request.
    #expect(
      scheduler.history
        == Array(
          repeating: .scheduleAfterDateWithInterval(
            .init(nanoseconds: 13), interval: .nanoseconds(13), tolerance: .nanoseconds(7),
            options: .nontrivialOptions), count: 2))
    scheduler.rewind(to: .init(nanoseconds: 10))
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.tracker.history == [.subscription("Timeout")])
    scheduler.rewind(to: .init(nanoseconds: 11))
    #expect(harness.publisher.send(2) == .none)
    #expect(harness.tracker.history == [.subscription("Timeout"), .value(1)])
    scheduler.rewind(to: .init(nanoseconds: 12))
    #expect(harness.tracker.history == [.subscription("Timeout"), .value(1), .value(2)])
    // The last value came at 11: the time is up at 24, not at 13 or 23.
    scheduler.rewind(to: .init(nanoseconds: 23))
    #expect(harness.tracker.history == [.subscription("Timeout"), .value(1), .value(2)])
    scheduler.rewind(to: .init(nanoseconds: 24))
    #expect(
      harness.tracker.history == [.subscription("Timeout"), .value(1), .value(2), expected])
    #expect(
      harness.subscription.history == [
        .requested(.max(2)), .requested(.max(1)), .requested(.max(1)), .cancelled,
      ])
    scheduler.rewind(to: .init(nanoseconds: 210))
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.send(3) == .none)
    scheduler.rewind(to: .init(nanoseconds: 400))
    #expect(
      harness.tracker.history == [.subscription("Timeout"), .value(1), .value(2), expected])
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func noDemandReturnedMeansNoRequestUpstream() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(1), demandPerValue: .none) {
      $0.timeout(.nanoseconds(13), scheduler: scheduler, options: .nontrivialOptions)
    }
    #expect(harness.publisher.send(42) == .none)
    scheduler.rewind(to: .init(nanoseconds: 2))
    #expect(harness.tracker.history == [.subscription("Timeout"), .value(42)])
    #expect(harness.subscription.history == [.requested(.max(1))])
  }

  @Test(arguments: timeoutErrors) func requestsGoUpAtOnceUntilTheTimeIsUp(
    customError: TestingError?
  ) throws {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(demandPerValue: .max(1)) {
      $0.timeout(
        .nanoseconds(13), scheduler: scheduler, options: .nontrivialOptions,
        customError: customError.map { error in { error } })
    }
    #expect(harness.subscription.history.isEmpty)
    let downstream = try #require(harness.downstreamSubscription)
    downstream.request(.max(2))
    downstream.request(.max(42))
    #expect(harness.subscription.history == [.requested(.max(2)), .requested(.max(42))])
    // Only the first request restarts the timer.
    #expect(scheduler.history.count == 2)
    scheduler.rewind(to: .init(nanoseconds: 14))
    downstream.request(.max(13))
    #expect(
      harness.subscription.history == [.requested(.max(2)), .requested(.max(42)), .cancelled])
    #expect(
      harness.tracker.history == [
        .subscription("Timeout"), customError.map { .failure($0) } ?? .finished,
      ])
  }

  @Test(arguments: [true, false]) func completionIsDeliveredOnTheScheduler(fails: Bool) {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(5)) {
      $0.timeout(.nanoseconds(13), scheduler: scheduler, customError: { "timeout" })
    }
    harness.publisher.send(1)
    harness.publisher.send(completion: fails ? .failure(.oops) : .finished)
    #expect(harness.tracker.history == [.subscription("Timeout")])
    scheduler.rewind(to: .init(nanoseconds: 1))
    #expect(
      harness.tracker.history == [
        .subscription("Timeout"), .value(1), fails ? .failure(.oops) : .finished,
      ])
    // The completion stopped the timer: no timeout comes after it.
    scheduler.rewind(to: .init(nanoseconds: 100))
    #expect(harness.tracker.history.count == 3)
    #expect(scheduler.scheduledCount == 0)
  }

  @Test(arguments: timeoutErrors) func cancelWhileAValueWaitsForTheScheduler(
    customError: TestingError?
  ) throws {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(1)) {
      $0.timeout(
        .nanoseconds(13), scheduler: scheduler, options: .nontrivialOptions,
        customError: customError.map { error in { error } })
    }
    #expect(harness.publisher.send(42) == .none)
    try #require(harness.downstreamSubscription).cancel()
    #expect(harness.subscription.history == [.requested(.max(1)), .cancelled])
    scheduler.rewind(to: .init(nanoseconds: 200))
    #expect(harness.tracker.history == [.subscription("Timeout")])
    #expect(harness.subscription.history == [.requested(.max(1)), .cancelled])
    #expect(scheduler.scheduledCount == 0)
  }

  @Test(arguments: [true, false]) func cancelWhileTheCompletionWaitsForTheScheduler(
    fails: Bool
  ) throws {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(1)) {
      $0.timeout(.nanoseconds(13), scheduler: scheduler, customError: { "timeout" })
    }
    harness.publisher.send(completion: fails ? .failure(.oops) : .finished)
    try #require(harness.downstreamSubscription).cancel()
    scheduler.rewind(to: .init(nanoseconds: 200))
    #expect(harness.tracker.history == [.subscription("Timeout")])
    #expect(harness.subscription.history == [.requested(.max(1))])
  }

  @Test func aValueJustBeforeTheTimeIsUpPostponesIt() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(5)) {
      $0.timeout(.nanoseconds(13), scheduler: scheduler)
    }
    scheduler.rewind(to: .init(nanoseconds: 12))
    harness.publisher.send(1)
    #expect(harness.tracker.history == [.subscription("Timeout")])
    scheduler.executeScheduledActions()
    #expect(harness.tracker.history == [.subscription("Timeout"), .value(1)])
    scheduler.rewind(to: .init(nanoseconds: 24))
    #expect(harness.tracker.history == [.subscription("Timeout"), .value(1)])
    scheduler.rewind(to: .init(nanoseconds: 25))
    #expect(harness.tracker.history == [.subscription("Timeout"), .value(1), .finished])
  }

  @Test func secondSubscriptionIsCancelled() throws {
    let harness = Harness {
      $0.timeout(.nanoseconds(13), scheduler: VirtualTimeScheduler())
    }
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
    try #require(harness.downstreamSubscription).cancel()
    #expect(harness.subscription.history == [.cancelled])
  }

  @Test func aSilentRelayFailsWithTheCustomError() {
    let scheduler = VirtualTimeScheduler()
    let relay = PassthroughRelay<Int>()
    var received: [String] = []
    let cancellable = relay.setFailureType(to: TestingError.self)
      .timeout(.seconds(1), scheduler: scheduler, customError: { "timeout" })
      .sink(
        receiveCompletion: { received.append("\($0)") },
        receiveValue: { received.append("\($0)") })
    relay.send(1)
    scheduler.advance(by: .milliseconds(999))
    relay.send(2)
    scheduler.advance(by: .milliseconds(999))
    #expect(received == ["1", "2"])
    scheduler.advance(by: .milliseconds(1))
    #expect(received == ["1", "2", "failure(timeout)"])
    _ = cancellable
  }

  @Test func timesOutOnADispatchQueue() {
    let queue = DispatchQueue(label: "timeout")
    let relay = PassthroughRelay<Int>()
    let finished = DispatchSemaphore(value: 0)
    let cancellable = relay.timeout(.milliseconds(20), scheduler: queue)
      .sink(receiveCompletion: { _ in finished.signal() }, receiveValue: { _ in })
    #expect(finished.wait(timeout: .now() + 10) == .success)
    _ = cancellable
  }
}
