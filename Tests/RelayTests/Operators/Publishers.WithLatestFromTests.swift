import Dispatch
import Relay
import RelayTestSupport
import Testing

/// CombineExt's `WithLatestFromTests`, ported, and the contract around them.
@Suite struct WithLatestFromTests {
  /// Sends CombineExt's sequence: 1, 2, 3 before the other's first value, then 4...9
  /// interleaved with "bar", "foo", "qux".
  static func sendTheSequence(
    _ values: TestSubject<Int, Never>, _ other: TestSubject<String, Never>
  ) {
    values.send(1)
    values.send(2)
    values.send(3)
    other.send("bar")
    values.send(4)
    values.send(5)
    other.send("foo")
    values.send(6)
    other.send("qux")
    values.send(7)
    values.send(8)
    values.send(9)
  }

  @Test func withAResultSelector() {
    let values = TestSubject<Int, Never>()
    let other = TestSubject<String, Never>()
    let tracker = TrackingSubscriber<String, Never>(demand: .unlimited)
    values.withLatestFrom(other) { "\($0)\($1)" }.subscribe(tracker)
    Self.sendTheSequence(values, other)
    other.send(completion: .finished)
    let expected: [TrackingSubscriber<String, Never>.Event] = [
      .subscription("WithLatestFrom"), .value("4bar"), .value("5bar"), .value("6foo"),
      .value("7qux"), .value("8qux"), .value("9qux"),
    ]
    #expect(tracker.history == expected)
    values.send(completion: .finished)
    #expect(tracker.history == expected + [.finished])
  }

  @Test func withLimitedDemand() {
    let values = TestSubject<Int, Never>()
    let other = TestSubject<String, Never>()
    let tracker = TrackingSubscriber<String, Never>(demand: .max(3))
    values.withLatestFrom(other) { "\($0)\($1)" }.subscribe(tracker)
    Self.sendTheSequence(values, other)
    other.send(completion: .finished)
    let expected: [TrackingSubscriber<String, Never>.Event] = [
      .subscription("WithLatestFrom"), .value("4bar"), .value("5bar"), .value("6foo"),
    ]
    #expect(tracker.history == expected)
    values.send(completion: .finished)
    #expect(tracker.history == expected + [.finished])
  }

  @Test func withoutAResultSelector() {
    let values = TestSubject<Int, Never>()
    let other = TestSubject<String, Never>()
    let tracker = TrackingSubscriber<String, Never>(demand: .unlimited)
    values.withLatestFrom(other).subscribe(tracker)
    Self.sendTheSequence(values, other)
    other.send(completion: .finished)
    values.send(completion: .finished)
    let expected: [TrackingSubscriber<String, Never>.Event] = [
      .subscription("WithLatestFrom"), .value("bar"), .value("bar"), .value("foo"),
      .value("qux"), .value("qux"), .value("qux"), .finished,
    ]
    #expect(tracker.history == expected)
  }

  @Test(arguments: [true, false]) func withTwoOthers(selector: Bool) {
    let values = TestSubject<Int, Never>()
    let strings = TestSubject<String, Never>()
    let flags = TestSubject<Bool, Never>()
    let tracker = TrackingSubscriber<String, Never>(demand: .unlimited)
    if selector {
      values.withLatestFrom(strings, flags) { "\($0)|\($1.0)|\($1.1)" }.subscribe(tracker)
    } else {
      values.withLatestFrom(strings, flags).map { "_|\($0.0)|\($0.1)" }.subscribe(tracker)
    }
    for value in 1...3 { values.send(value) }
    strings.send("bar")
    values.send(4)
    values.send(5)
    flags.send(true)
    values.send(10)
    strings.send("foo")
    values.send(6)
    strings.send("qux")
    flags.send(false)
    for value in 7...9 { values.send(value) }
    strings.send(completion: .finished)
    flags.send(completion: .finished)
    #expect(tracker.history.last?.description != ".finished")
    values.send(completion: .finished)
    let sent = selector ? ["10", "6", "7", "8", "9"] : ["_", "_", "_", "_", "_"]
    let latest = ["bar|true", "foo|true", "qux|false", "qux|false", "qux|false"]
    let expected: [TrackingSubscriber<String, Never>.Event] =
      zip(sent, latest).map { .value("\($0)|\($1)") } + [.finished]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test(arguments: [true, false]) func withThreeOthers(selector: Bool) {
    let values = TestSubject<Int, Never>()
    let strings = TestSubject<String, Never>()
    let flags = TestSubject<Bool, Never>()
    let numbers = TestSubject<Int, Never>()
    let tracker = TrackingSubscriber<String, Never>(demand: .unlimited)
    if selector {
      values.withLatestFrom(strings, flags, numbers) { "\($0)|\($1.0)|\($1.1)|\($1.2)" }
        .subscribe(tracker)
    } else {
      values.withLatestFrom(strings, flags, numbers).map { "_|\($0.0)|\($0.1)|\($0.2)" }
        .subscribe(tracker)
    }
    for value in 1...3 { values.send(value) }
    strings.send("bar")
    values.send(4)
    values.send(5)
    flags.send(true)
    numbers.send(5)
    values.send(10)
    numbers.send(7)
    strings.send("foo")
    values.send(6)
    strings.send("qux")
    flags.send(false)
    values.send(7)
    values.send(8)
    numbers.send(8)
    flags.send(true)
    values.send(9)
    strings.send(completion: .finished)
    flags.send(completion: .finished)
    numbers.send(completion: .finished)
    #expect(tracker.history.last?.description != ".finished")
    values.send(completion: .finished)
    let sent = selector ? ["10", "6", "7", "8", "9"] : ["_", "_", "_", "_", "_"]
    let latest = ["bar|true|5", "foo|true|7", "qux|false|7", "qux|false|7", "qux|true|8"]
    let expected: [TrackingSubscriber<String, Never>.Event] =
      zip(sent, latest).map { .value("\($0)|\($1)") } + [.finished]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test func cancellingReleasesBothPublishers() {
    weak var weakValues: TestSubject<Int, Never>?
    weak var weakOther: TestSubject<String, Never>?
    var cancellable: AnyCancellable?
    var results: [String] = []
    do {
      let values = TestSubject<Int, Never>()
      let other = TestSubject<String, Never>()
      weakValues = values
      weakOther = other
      cancellable = values.withLatestFrom(other) { "\($0)\($1)" }.sink { results.append($0) }
      values.send(1)
      other.send("bar")
      values.send(2)
      #expect(values.subscriberCount == 1)
      #expect(other.subscriberCount == 1)
    }
    #expect(results == ["2bar"])
    cancellable?.cancel()
    cancellable = nil
    #expect(weakValues == nil)
    #expect(weakOther == nil)
  }

  @Test func theUpstreamIsSubscribedOnTheOthersFirstValue() {
    let other = TestSubject<String, Never>()
    let tracker = TrackingSubscriber<String, Never>(demand: .unlimited)
    Just("1").withLatestFrom(other) { "\($0)\($1)" }.subscribe(tracker)
    #expect(tracker.history == [.subscription("WithLatestFrom")])
    other.send("foo")
    #expect(tracker.history == [.subscription("WithLatestFrom"), .value("1foo"), .finished])
    #expect(other.subscriberCount == 0)
  }

  @Test func demandAskedEarlyReachesTheUpstreamWhenItSubscribes() {
    let (other, otherSubscription) = Self.other()
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(2), demandPerValue: .max(1)
    ) { $0.withLatestFrom(other) }
    harness.downstreamSubscription?.request(.max(3))
    #expect(otherSubscription.history == [.requested(.unlimited)])
    #expect(harness.subscription.history == [])
    #expect(other.send(7) == .none)
    #expect(harness.subscription.history == [.requested(.max(5))])
    #expect(harness.publisher.send(1) == .max(1))
    harness.downstreamSubscription?.request(.max(4))
    #expect(harness.subscription.history == [.requested(.max(5)), .requested(.max(4))])
    #expect(harness.tracker.history == [.subscription("WithLatestFrom"), .value(7)])
  }

  @Test func theUpstreamsFailureEndsItAndCancelsTheOther() {
    let (other, otherSubscription) = Self.other()
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.withLatestFrom(other) { $0 + $1 }
    }
    other.send(10)
    #expect(harness.publisher.send(1) == .none)
    harness.publisher.send(completion: .failure(.oops))
    other.send(20)
    #expect(harness.publisher.send(2) == .none)
    let expected: [TrackingSubscriber<Int, TestingError>.Event] = [
      .subscription("WithLatestFrom"), .value(11), .failure(.oops),
    ]
    #expect(harness.tracker.history == expected)
    #expect(otherSubscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test(arguments: [true, false]) func theOthersCompletionAfterAValueEndsNothing(fails: Bool) {
    let (other, _) = Self.other()
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.withLatestFrom(other) { $0 + $1 }
    }
    other.send(10)
    other.send(completion: fails ? .failure(.oops) : .finished)
    #expect(harness.publisher.send(1) == .none)
    let expected: [TrackingSubscriber<Int, TestingError>.Event] = [
      .subscription("WithLatestFrom"), .value(11),
    ]
    #expect(harness.tracker.history == expected)
  }

  /// CombineExt never completes here; nothing could ever be published.
  @Test(arguments: [true, false]) func theOthersCompletionBeforeAnyValueEndsIt(fails: Bool) {
    let (other, _) = Self.other()
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .unlimited) {
      $0.withLatestFrom(other)
    }
    other.send(completion: fails ? .failure(.oops) : .finished)
    other.send(3)
    let expected: [TrackingSubscriber<Int, TestingError>.Event] = [
      .subscription("WithLatestFrom"), fails ? .failure(.oops) : .finished,
    ]
    #expect(harness.tracker.history == expected)
    #expect(harness.publisher.subscribeCount == 0)
  }

  @Test func cancelReachesBoth() {
    let (other, otherSubscription) = Self.other()
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(1)) {
      $0.withLatestFrom(other)
    }
    other.send(1)
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.request(.max(5))
    #expect(harness.publisher.send(1) == .none)
    other.send(completion: .finished)
    #expect(harness.subscription.history == [.requested(.max(1)), .cancelled])
    #expect(otherSubscription.history == [.requested(.unlimited), .cancelled])
    #expect(harness.tracker.history == [.subscription("WithLatestFrom")])
  }

  @Test func cancelBeforeTheOthersFirstValueNeverSubscribesTheUpstream() {
    let (other, otherSubscription) = Self.other()
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(1)) {
      $0.withLatestFrom(other)
    }
    harness.downstreamSubscription?.cancel()
    #expect(other.send(1) == .none)
    #expect(harness.publisher.subscribeCount == 0)
    #expect(otherSubscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test func onRelaysFromTwoThreads() {
    let values = PassthroughRelay<Int>()
    let other = CurrentValueRelay(0)
    let received = Lock<[Int]>.make([])
    let cancellable = values.withLatestFrom(other) { value, _ in value }.sink { value in
      received.withLock { $0.append(value) }
    }
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      for value in 1...500 { index == 0 ? other.send(value) : values.send(value) }
    }
    #expect(received.withLock { $0 } == Array(1...500))
    _ = cancellable
  }

  static func other() -> (TestPublisher<Int, TestingError>, TestSubscription) {
    let subscription = TestSubscription()
    return (TestPublisher(subscription: subscription), subscription)
  }
}
