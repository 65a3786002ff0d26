import Relay
import RelayTestSupport
import TestSupport
import Testing

/// `collect(_:options:)` by time and by time or count, as Combine documents it (OpenCombine
/// has no tests for it), on a scheduler whose clock the test moves.
@Suite struct CollectByTimeTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>

  @Test func byTimePublishesWhatWasCollectedAtEachTick() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(5)) {
      $0.collect(.byTime(scheduler, .nanoseconds(10)), options: .nontrivialOptions)
    }
    #expect(harness.tracker.history == [.subscription("CollectByTime")])
    #expect(harness.subscription.history == [.requested(.unlimited)])
    #expect(
      scheduler.history == [
        .scheduleAfterDateWithInterval(
          .init(nanoseconds: 10), interval: .nanoseconds(10), tolerance: .nanoseconds(7),
          options: .nontrivialOptions)
      ])
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.publisher.send(2) == .none)
    scheduler.rewind(to: .init(nanoseconds: 9))
    #expect(harness.tracker.history == [.subscription("CollectByTime")])
    scheduler.rewind(to: .init(nanoseconds: 10))
    #expect(harness.tracker.history == [.subscription("CollectByTime"), .value([1, 2])])
    // An interval with no value publishes nothing.
    scheduler.rewind(to: .init(nanoseconds: 25))
    harness.publisher.send(3)
    scheduler.rewind(to: .init(nanoseconds: 30))
    harness.publisher.send(4)
    harness.publisher.send(completion: .finished)
    #expect(
      harness.tracker.history == [
        .subscription("CollectByTime"), .value([1, 2]), .value([3]),
      ])
    scheduler.executeScheduledActions()
    #expect(
      harness.tracker.history == [
        .subscription("CollectByTime"), .value([1, 2]), .value([3]), .value([4]), .finished,
      ])
    scheduler.rewind(to: .init(nanoseconds: 100))
    #expect(harness.tracker.history.count == 5)
  }

  @Test func byTimeOrCountPublishesAFullGroupAtOnceAndRestartsTheTimer() throws {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(demandPerValue: .max(1)) {
      $0.collect(.byTimeOrCount(scheduler, .nanoseconds(10), 3))
    }
    #expect(harness.subscription.history.isEmpty)
    try #require(harness.downstreamSubscription).request(.max(2))
    #expect(harness.subscription.history == [.requested(.max(6))])
    scheduler.rewind(to: .init(nanoseconds: 4))
    for value in 1...3 { harness.publisher.send(value) }
    #expect(harness.tracker.history == [.subscription("CollectByTime")])
    scheduler.executeScheduledActions()
    #expect(harness.tracker.history == [.subscription("CollectByTime"), .value([1, 2, 3])])
    // The demand the downstream returned asks the upstream for another group.
    #expect(harness.subscription.history == [.requested(.max(6)), .requested(.max(3))])
    harness.publisher.send(4)
    // The full group restarted the timer at 4: it ticks at 14, not at 10.
    scheduler.rewind(to: .init(nanoseconds: 13))
    #expect(harness.tracker.history == [.subscription("CollectByTime"), .value([1, 2, 3])])
    scheduler.rewind(to: .init(nanoseconds: 14))
    #expect(
      harness.tracker.history == [
        .subscription("CollectByTime"), .value([1, 2, 3]), .value([4]),
      ])
  }

  @Test func aFailureDropsTheLastGroup() {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .unlimited) {
      $0.collect(.byTime(scheduler, .nanoseconds(10)))
    }
    harness.publisher.send(1)
    harness.publisher.send(completion: .failure(.oops))
    harness.publisher.send(completion: .finished)
    #expect(harness.publisher.send(2) == .none)
    #expect(harness.tracker.history == [.subscription("CollectByTime")])
    scheduler.rewind(to: .init(nanoseconds: 100))
    #expect(harness.tracker.history == [.subscription("CollectByTime"), .failure(.oops)])
  }

  @Test func aGroupWithoutDemandIsDropped() throws {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness {
      $0.collect(.byTime(scheduler, .nanoseconds(10)))
    }
    harness.publisher.send(1)
    scheduler.rewind(to: .init(nanoseconds: 10))
    #expect(harness.tracker.history == [.subscription("CollectByTime")])
    try #require(harness.downstreamSubscription).request(.max(1))
    #expect(harness.subscription.history == [.requested(.unlimited)])
    harness.publisher.send(2)
    scheduler.rewind(to: .init(nanoseconds: 20))
    #expect(harness.tracker.history == [.subscription("CollectByTime"), .value([2])])
  }

  @Test(arguments: [false, true]) func cancelStopsTheTimerAndTheUpstream(byCount: Bool) throws {
    let scheduler = VirtualTimeScheduler()
    let harness = Harness(initialDemand: .max(3)) {
      $0.collect(
        byCount
          ? .byTimeOrCount(scheduler, .nanoseconds(10), 2) : .byTime(scheduler, .nanoseconds(10)))
    }
    harness.publisher.send(1)
    harness.publisher.send(2)
    try #require(harness.downstreamSubscription).cancel()
    #expect(harness.subscription.history.last == .cancelled)
    #expect(harness.publisher.send(3) == .none)
    harness.publisher.send(completion: .finished)
    scheduler.rewind(to: .init(nanoseconds: 100))
    #expect(harness.tracker.history == [.subscription("CollectByTime")])
    #expect(scheduler.scheduledCount == 0)
  }

  @Test func secondSubscriptionIsCancelled() {
    let harness = Harness {
      $0.collect(.byTime(VirtualTimeScheduler(), .nanoseconds(10)))
    }
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
  }

  @Test func groupsARelaysValuesEverySecond() {
    let scheduler = VirtualTimeScheduler()
    let relay = PassthroughRelay<String>()
    var groups: [[String]] = []
    let cancellable = relay.collect(.byTime(scheduler, .seconds(1))).sink { groups.append($0) }
    relay.send("a")
    relay.send("b")
    scheduler.advance(by: .seconds(1))
    relay.send("c")
    scheduler.advance(by: .seconds(3))
    #expect(groups == [["a", "b"], ["c"]])
    _ = cancellable
  }

  /// Groups keep their order when blocks run in any order, as on a concurrent queue.
  ///
  /// The blocks of full groups and the timer's ticks start in an order drawn from a seeded
  /// generator: the groups still arrive in the order they were collected, nothing lost, the
  /// completion last.
  @Test func groupsKeepTheirOrderWhenBlocksRunInAnyOrder() {
    let seed: UInt64 = 37
    for run in 0..<200 {
      var random = SeededRandomNumberGenerator.forCase(run, of: seed)
      let (count, limit) = (
        Int.random(in: 1...40, using: &random), Int.random(in: 1...4, using: &random)
      )
      let scheduler = VirtualTimeScheduler()
      let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
        $0.collect(.byTimeOrCount(scheduler, .nanoseconds(10), limit))
      }
      for value in 0..<count {
        harness.publisher.send(value)
        if Int.random(in: 0..<4, using: &random) == 0 {
          let stride = Int.random(in: 0...12, using: &random)
          scheduler.advance(by: .nanoseconds(stride), inAnyOrderUsing: &random)
        }
      }
      harness.publisher.send(completion: .finished)
      scheduler.advance(by: .nanoseconds(100), inAnyOrderUsing: &random)
      let groups = harness.tracker.history.compactMap { event -> [Int]? in
        if case .value(let group) = event { group } else { nil }
      }
      #expect(
        groups.joined().elementsEqual(0..<count) && groups.allSatisfy { $0.count <= limit }
          && harness.tracker.history.last == .finished,
        "run \(run) of seed \(seed): \(harness.tracker.history)")
    }
  }
}
