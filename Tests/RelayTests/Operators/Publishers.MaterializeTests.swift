import Relay
import RelayTestSupport
import Testing

/// CombineExt's `MaterializeTests`, ported, and demand around the completion's event.
@Suite struct MaterializeTests {
  typealias Tracker = TrackingSubscriber<Event<String, TestingError>, Never>

  @Test func empty() {
    let tracker = Tracker(demand: .unlimited)
    Empty<String, TestingError>().materialize().subscribe(tracker)
    #expect(tracker.history.dropFirst() == [.value(.finished), .finished])
  }

  @Test func fail() {
    let tracker = Tracker(demand: .unlimited)
    Fail<String, TestingError>(error: .oops).materialize().subscribe(tracker)
    #expect(tracker.history.dropFirst() == [.value(.failure(.oops)), .finished])
  }

  @Test(arguments: [true, false]) func valuesThenTheCompletion(fails: Bool) {
    let subject = TestSubject<String, TestingError>()
    let tracker = Tracker(demand: .unlimited)
    subject.materialize().subscribe(tracker)
    for word in ["Hello", "There", "World!"] { subject.send(word) }
    subject.send(completion: fails ? .failure(.oops) : .finished)
    subject.send("Meh!")
    let expected: [Tracker.Event] = [
      .subscription("Materialize"), .value(.value("Hello")), .value(.value("There")),
      .value(.value("World!")), .value(fails ? .failure(.oops) : .finished), .finished,
    ]
    #expect(tracker.history == expected)
  }

  @Test(arguments: [true, false]) func values(fails: Bool) {
    let subject = TestSubject<String, TestingError>()
    let tracker = TrackingSubscriber<String, Never>(demand: .unlimited)
    subject.materialize().values().subscribe(tracker)
    for word in ["Hello", "There", "World!"] { subject.send(word) }
    subject.send(completion: fails ? .failure(.oops) : .finished)
    #expect(
      tracker.history.dropFirst() == [
        .value("Hello"), .value("There"), .value("World!"), .finished,
      ])
  }

  @Test func valuesOfSharedEvents() {
    let subject = TestSubject<String, TestingError>()
    let tracker = TrackingSubscriber<String, Never>(demand: .unlimited)
    subject.materialize().share().values().subscribe(tracker)
    subject.send("Hello")
    subject.send(completion: .failure(.oops))
    #expect(tracker.history.dropFirst() == [.value("Hello"), .finished])
  }

  @Test(arguments: [true, false]) func failures(fails: Bool) {
    let subject = TestSubject<String, TestingError>()
    let tracker = TrackingSubscriber<TestingError, Never>(demand: .unlimited)
    subject.materialize().failures().subscribe(tracker)
    for word in ["Hello", "There", "World!"] { subject.send(word) }
    subject.send(completion: fails ? .failure(.oops) : .finished)
    #expect(tracker.history.dropFirst() == (fails ? [.value(.oops), .finished] : [.finished]))
  }

  @Test func cancelReachesTheUpstream() {
    let subject = TestSubject<String, TestingError>()
    var cancels = 0
    var values = 0
    let cancellable = subject.handleEvents(receiveCancel: { cancels += 1 }).materialize()
      .failures().sink { _ in values += 1 }
    cancellable.cancel()
    subject.send("Hello")
    #expect(values == 0)
    #expect(cancels == 1)
    #expect(subject.subscriberCount == 0)
  }

  @Test func theCompletionsEventWaitsForDemand() {
    let harness = OperatorHarness<String, TestingError, _>(
      initialDemand: .max(1)
    ) { $0.materialize() }
    #expect(harness.publisher.send("a") == .none)
    harness.publisher.send(completion: .failure(.oops))
    #expect(harness.tracker.history == [.subscription("Materialize"), .value(.value("a"))])
    harness.downstreamSubscription?.request(.max(1))
    harness.downstreamSubscription?.request(.max(1))
    let expected: [Tracker.Event] = [
      .subscription("Materialize"), .value(.value("a")), .value(.failure(.oops)), .finished,
    ]
    #expect(harness.tracker.history == expected)
    #expect(harness.subscription.history == [.requested(.max(1))])
  }

  @Test func demandReturnedForAValueCountsForTheCompletion() {
    let harness = OperatorHarness<String, TestingError, _>(
      initialDemand: .max(1), demandPerValue: .max(1)
    ) { $0.materialize() }
    #expect(harness.publisher.send("a") == .max(1))
    harness.publisher.send(completion: .finished)
    let expected: [Tracker.Event] = [
      .subscription("Materialize"), .value(.value("a")), .value(.finished), .finished,
    ]
    #expect(harness.tracker.history == expected)
  }

  @Test func aCancelDropsTheWaitingEvent() {
    let harness = OperatorHarness<String, TestingError, _>(initialDemand: nil) {
      $0.materialize()
    }
    harness.publisher.send(completion: .finished)
    harness.downstreamSubscription?.cancel()
    harness.downstreamSubscription?.request(.max(1))
    #expect(harness.tracker.history == [.subscription("Materialize")])
  }
}
