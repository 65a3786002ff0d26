import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `BufferTests`, ported.
///
/// Where Combine delivers values after a completion (a value sent after the upstream finished,
/// or a value delivered after the failure it was waiting behind), these tests state Relay's
/// rule instead: nothing follows a completion.
@Suite struct BufferTests {
  typealias Harness<Operator: Publisher> = OperatorHarness<Int, TestingError, Operator>
  typealias Strategy = Publishers.BufferingStrategy<TestingError>

  static let strategies: [String] = ["dropNewest", "dropOldest", "customError"]
  static let prefetches: [Publishers.PrefetchStrategy] = [.keepFull, .byRequest]

  static func strategy(_ name: String) -> Strategy {
    switch name {
    case "dropNewest": .dropNewest
    case "dropOldest": .dropOldest
    default: .customError { .oops }
    }
  }

  static func values(_ values: some Sequence<Int>) -> [TrackingSubscriber<Int, TestingError>.Event]
  {
    [.subscription("Buffer")] + values.map { .value($0) }
  }

  @Test(arguments: prefetches) func asksTheUpstreamBeforeHandingOverItsSubscription(
    prefetch: Publishers.PrefetchStrategy
  ) {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: nil)
    let tracker = TrackingSubscriber<Int, TestingError>()
    var seenAtRequest: [TrackingSubscriber<Int, TestingError>.Event]?
    subscription.onRequest = { _ in seenAtRequest = tracker.history }
    publisher.buffer(size: 42, prefetch: prefetch, whenFull: .dropOldest).subscribe(tracker)
    #expect(tracker.history.isEmpty)
    publisher.send(subscription: subscription)
    #expect(subscription.history == [.requested(prefetch == .keepFull ? .max(42) : .unlimited)])
    #expect(seenAtRequest == [])
    #expect(tracker.history == [.subscription("Buffer")])
  }

  @Test(arguments: strategies) func aFullBufferFollowsItsStrategy(name: String) throws {
    let harness = Harness {
      $0.buffer(size: 3, prefetch: .byRequest, whenFull: Self.strategy(name))
    }
    #expect(harness.subscription.history == [.requested(.unlimited)])
    for value in 1...5 { #expect(harness.publisher.send(value) == .none) }
    #expect(harness.tracker.history == [.subscription("Buffer")])
    let cancelled: [TestSubscription.Event] =
      name == "customError" ? [.requested(.unlimited), .cancelled] : [.requested(.unlimited)]
    #expect(harness.subscription.history == cancelled)
    try #require(harness.downstreamSubscription).request(.max(3))
    let expected: [TrackingSubscriber<Int, TestingError>.Event] =
      switch name {
      case "dropNewest": Self.values(1...3)
      case "dropOldest": Self.values(3...5)
      default: Self.values(1...3) + [.failure(.oops)]
      }
    #expect(harness.tracker.history == expected)
    try #require(harness.downstreamSubscription).request(.max(1))
    #expect(harness.tracker.history == expected)
    #expect(harness.subscription.history == cancelled)
  }

  /// A subscriber that asks for one more from inside each value is served value by value, and
  /// `keepFull` returns one value of demand to the upstream for each value that went through.
  @Test(arguments: prefetches, strategies) func requestsFromInsideADelivery(
    prefetch: Publishers.PrefetchStrategy, name: String
  ) {
    var subscription: (any Subscription)?
    let tracker = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { subscription = $0 },
      receiveValue: { _ in
        subscription?.request(.max(1))
        return .none
      })
    let upstream = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: upstream)
    publisher.buffer(size: 5, prefetch: prefetch, whenFull: Self.strategy(name)).subscribe(tracker)
    subscription?.request(.max(3))
    for value in 0..<10 {
      #expect(publisher.send(value) == (prefetch == .keepFull ? .max(1) : .none))
    }
    #expect(tracker.history == Self.values(0..<10))
    #expect(upstream.history == [.requested(prefetch == .keepFull ? .max(5) : .unlimited)])
  }

  @Test(arguments: prefetches, strategies) func finiteDemandDrainsTheBuffer(
    prefetch: Publishers.PrefetchStrategy, name: String
  ) throws {
    let harness = Harness {
      $0.buffer(size: 5, prefetch: prefetch, whenFull: Self.strategy(name))
    }
    for value in 0..<10 { #expect(harness.publisher.send(value) == .none) }
    #expect(harness.tracker.history == [.subscription("Buffer")])
    let first: TestSubscription.Event = .requested(prefetch == .keepFull ? .max(5) : .unlimited)
    let fails = name == "customError"
    #expect(harness.subscription.history == (fails ? [first, .cancelled] : [first]))
    try #require(harness.downstreamSubscription).request(.max(3))
    try #require(harness.downstreamSubscription).request(.max(1))
    let expected: [TrackingSubscriber<Int, TestingError>.Event] =
      switch name {
      case "dropNewest": Self.values(0...3)
      case "dropOldest": Self.values(5...8)
      // The failure follows the values asked for, and drops the rest.
      default: Self.values(0...2) + [.failure(.oops)]
      }
    #expect(harness.tracker.history == expected)
    // `keepFull` asks for as many values as left the buffer; a cancelled upstream is not asked.
    let refills: [TestSubscription.Event] =
      prefetch == .keepFull && !fails ? [.requested(.max(3)), .requested(.max(1))] : []
    #expect(harness.subscription.history == (fails ? [first, .cancelled] : [first] + refills))
  }

  @Test(arguments: prefetches, strategies) func unlimitedDemandPassesEveryValueThrough(
    prefetch: Publishers.PrefetchStrategy, name: String
  ) {
    let harness = Harness(initialDemand: .unlimited) {
      $0.buffer(size: 5, prefetch: prefetch, whenFull: Self.strategy(name))
    }
    for value in 0..<10 {
      #expect(harness.publisher.send(value) == (prefetch == .keepFull ? .max(1) : .none))
    }
    #expect(harness.tracker.history == Self.values(0..<10))
    #expect(
      harness.subscription.history == [
        .requested(prefetch == .keepFull ? .max(5) : .unlimited)
      ])
  }

  @Test func finishingWaitsForTheBufferedValues() throws {
    let harness = Harness { $0.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest) }
    harness.publisher.send(1)
    harness.publisher.send(2)
    harness.publisher.send(completion: .finished)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.publisher.send(3) == .none)
    #expect(harness.tracker.history == [.subscription("Buffer")])
    try #require(harness.downstreamSubscription).request(.max(2))
    #expect(harness.tracker.history == Self.values(1...2) + [.finished])
    #expect(harness.subscription.history == [.requested(.unlimited)])
  }

  @Test func aFailureIsDeliveredAtOnceAndDropsTheBuffer() throws {
    let harness = Harness { $0.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest) }
    harness.publisher.send(1)
    harness.publisher.send(completion: .failure(.oops))
    harness.publisher.send(completion: .finished)
    #expect(harness.tracker.history == [.subscription("Buffer"), .failure(.oops)])
    try #require(harness.downstreamSubscription).request(.max(2))
    #expect(harness.tracker.history == [.subscription("Buffer"), .failure(.oops)])
  }

  /// OpenCombine's "fail while sending values": the failure sent from inside the first
  /// delivery comes right after it; the values still waiting are dropped.
  @Test func aFailureFromInsideADeliveryComesAfterIt() throws {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let tracker = TrackingSubscriber<Int, TestingError>(receiveValue: { _ in
      publisher.send(completion: .failure(.oops))
      return .none
    })
    publisher.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest).subscribe(tracker)
    for value in 1...5 { #expect(publisher.send(value) == .none) }
    try #require(tracker.subscription).request(.max(3))
    #expect(tracker.history == Self.values([1]) + [.failure(.oops)])
  }

  @Test(arguments: prefetches) func cancelStopsEverything(prefetch: Publishers.PrefetchStrategy)
    throws
  {
    let harness = Harness { $0.buffer(size: 3, prefetch: prefetch, whenFull: .dropNewest) }
    harness.publisher.send(1)
    try #require(harness.downstreamSubscription).cancel()
    #expect(harness.subscription.history.last == .cancelled)
    harness.publisher.send(2)
    harness.publisher.send(completion: .finished)
    try #require(harness.downstreamSubscription).request(.max(5))
    #expect(harness.tracker.history == [.subscription("Buffer")])
  }

  @Test func aSecondSubscriptionIsCancelled() {
    let harness = Harness { $0.buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest) }
    let second = TestSubscription()
    harness.publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
  }
}
