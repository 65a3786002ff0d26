import Relay
import RelayTestSupport
import TestSupport
import Testing

/// CombineExt's `ShareReplayTests`, ported, and demand, reconnection and release.
@Suite struct ShareReplayTests {
  typealias Tracker = TrackingSubscriber<Int, TestingError>

  static func values(_ range: ClosedRange<Int>) -> [Tracker.Event] { range.map { .value($0) } }

  @Test func oneSubscriptionForAll() {
    var subscribeCount = 0
    let publisher = AnyPublisher<Int, Never>.create { subscriber in
      subscribeCount += 1
      for value in 1...3 { subscriber.send(value) }
      subscriber.send(completion: .finished)
      return AnyCancellable {}
    }.share(replay: 0)
    let trackers = (0..<3).map { _ in TrackingSubscriber<Int, Never>(demand: .unlimited) }
    for tracker in trackers { publisher.subscribe(tracker) }
    #expect(subscribeCount == 1)
    #expect(Array(trackers[0].history.dropFirst()) == [.value(1), .value(2), .value(3), .finished])
    #expect(Array(trackers[1].history.dropFirst()) == [.finished])
  }

  @Test func replaysOne() {
    let relay = CurrentValueRelay(1)
    var results: [Int] = []
    let cancellable = relay.share(replay: 1).sink { results.append($0) }
    relay.send(2)
    #expect(results == [1, 2])
    _ = cancellable
  }

  @Test func replaysTheLastThree() {
    let subject = TestSubject<Int, TestingError>()
    let publisher = subject.share(replay: 3)
    let first = Tracker(demand: .unlimited)
    publisher.subscribe(first)
    for value in 1...4 { subject.send(value) }
    let second = Tracker(demand: .unlimited)
    publisher.subscribe(second)
    subject.send(5)
    #expect(Array(first.history.dropFirst()) == Self.values(1...5))
    #expect(Array(second.history.dropFirst()) == Self.values(2...5))
    #expect(subject.subscriberCount == 1)
  }

  @Test(arguments: [true, false]) func replaysTheCompletion(fails: Bool) {
    let subject = TestSubject<Int, TestingError>()
    let publisher = subject.share(replay: 3)
    let first = Tracker(demand: .unlimited)
    publisher.subscribe(first)
    for value in 1...4 { subject.send(value) }
    subject.send(completion: fails ? .failure(.oops) : .finished)
    let second = Tracker(demand: .unlimited)
    publisher.subscribe(second)
    let completion: Tracker.Event = fails ? .failure(.oops) : .finished
    #expect(Array(first.history.dropFirst()) == Self.values(1...4) + [completion])
    #expect(Array(second.history.dropFirst()) == Self.values(2...4) + [completion])
  }

  @Test(arguments: [true, false]) func aCompletionBeforeAnyValue(fails: Bool) {
    let subject = TestSubject<Int, TestingError>()
    let tracker = Tracker(demand: .unlimited)
    subject.share(replay: 1).subscribe(tracker)
    subject.send(completion: fails ? .failure(.oops) : .finished)
    subject.send(1)
    #expect(Array(tracker.history.dropFirst()) == [fails ? .failure(.oops) : .finished])
  }

  @Test func releasesTheUpstreamOnceDone() {
    weak var weakSource: TestSubject<Int, TestingError>?
    var results: [Int] = []
    do {
      let source = TestSubject<Int, TestingError>()
      weakSource = source
      let cancellable = source.share(replay: 1).sink(
        receiveCompletion: { _ in }, receiveValue: { results.append($0) })
      source.send(1)
      source.send(completion: .finished)
      cancellable.cancel()
    }
    #expect(results == [1])
    #expect(weakSource == nil)
  }

  @Test func twoSubscriptionsOfAJustZipped() {
    let publisher = Just(1).share(replay: 1)
    let tracker = TrackingSubscriber<String, Never>(demand: .unlimited)
    publisher.zip(publisher).map { "\($0)\($1)" }.subscribe(tracker)
    #expect(Array(tracker.history.dropFirst()) == [.value("11"), .finished])
  }

  @Test func eachSubscriberHasItsOwnDemand() {
    let subject = TestSubject<Int, TestingError>()
    let publisher = subject.share(replay: 2)
    let slow = Tracker(demand: .max(1))
    let fast = Tracker(demand: .unlimited)
    publisher.subscribe(slow)
    publisher.subscribe(fast)
    for value in 1...3 { subject.send(value) }
    #expect(Array(slow.history.dropFirst()) == [.value(1)])
    #expect(Array(fast.history.dropFirst()) == [.value(1), .value(2), .value(3)])
    slow.subscription?.request(.max(5))
    #expect(Array(slow.history.dropFirst()) == [.value(1), .value(2), .value(3)])
    let late = Tracker(demand: .max(1))
    publisher.subscribe(late)
    #expect(Array(late.history.dropFirst()) == [.value(2)])
  }

  @Test func theLastCancelDisconnectsAndTheNextSubscriberReconnects() {
    let subscription = TestSubscription()
    let upstream = TestPublisher<Int, TestingError>(subscription: subscription)
    let publisher = upstream.share(replay: 1)
    let first = Tracker(demand: .unlimited)
    let second = Tracker(demand: .unlimited)
    publisher.subscribe(first)
    publisher.subscribe(second)
    #expect(upstream.subscribeCount == 1)
    #expect(subscription.history == [.requested(.unlimited)])
    upstream.send(7)
    first.cancel()
    #expect(subscription.history == [.requested(.unlimited)])
    second.cancel()
    #expect(subscription.history == [.requested(.unlimited), .cancelled])
    let third = Tracker(demand: .unlimited)
    publisher.subscribe(third)
    #expect(upstream.subscribeCount == 2)
    upstream.send(8)
    #expect(third.history == [.subscription("ShareReplay"), .value(7), .value(8)])
  }

  @Test func valuesFromAnotherThreadReachEverySubscriberInOrder() async {
    let relay = PassthroughRelay<Int>()
    let publisher = relay.share(replay: 10)
    let trackers = (0..<3).map { _ in TrackingSubscriber<Int, Never>(demand: .unlimited) }
    publisher.subscribe(trackers[0])
    await withTaskGroup(of: Void.self) { group in
      group.addTask { for value in 0..<500 { relay.send(value) } }
      group.addTask {
        publisher.subscribe(trackers[1])
        publisher.subscribe(trackers[2])
      }
    }
    for tracker in trackers {
      let values = tracker.history.dropFirst().compactMap { event -> Int? in
        if case .value(let value) = event { value } else { nil }
      }
      #expect(values == Array(values.sorted()))
      #expect(values.last == 499)
    }
  }

  /// Threads send into the shared relay at once: both subscribers see the same sequence, each
  /// thread's values in its order, every value once.
  @Test func concurrentSendersReachBothSubscribersInTheSameOrder() {
    let (threads, count) = (4, 300)
    let relay = PassthroughRelay<Int>()
    let publisher = relay.share(replay: 1)
    let trackers = (0..<2).map { _ in TrackingSubscriber<Int, Never>(demand: .unlimited) }
    for tracker in trackers { publisher.subscribe(tracker) }
    runConcurrently(threads: threads) { thread in
      for index in 0..<count { relay.send(thread * count + index) }
    }
    // A sender that finds another delivering hands its value to a drainer: wait for them.
    #expect(eventually { trackers.allSatisfy { $0.values.count >= threads * count } })
    let (first, second) = (trackers[0].values, trackers[1].values)
    #expect(first == second)
    #expect(Set(first).count == threads * count && first.count == threads * count)
    for thread in 0..<threads {
      let own = first.filter { $0 / count == thread }
      #expect(own == Array(thread * count..<(thread + 1) * count), "thread \(thread)")
    }
  }

  /// A value a subscriber sends from inside its delivery reaches every subscriber after the
  /// value being delivered, never before it.
  @Test func aValueSentFromInsideASubscriberDoesNotOvertake() {
    let relay = PassthroughRelay<Int>()
    let publisher = relay.share(replay: 2)
    let sender = TrackingSubscriber<Int, Never>(
      receiveSubscription: { $0.request(.unlimited) },
      receiveValue: { value in
        if value < 3 { relay.send(value + 1) }
        return .none
      })
    let other = TrackingSubscriber<Int, Never>(demand: .unlimited)
    publisher.subscribe(sender)
    publisher.subscribe(other)
    relay.send(1)
    relay.send(10)
    #expect(sender.values == [1, 2, 3, 10])
    #expect(other.values == [1, 2, 3, 10])
    let late = TrackingSubscriber<Int, Never>(demand: .unlimited)
    publisher.subscribe(late)
    #expect(late.values == [3, 10])
  }
}
