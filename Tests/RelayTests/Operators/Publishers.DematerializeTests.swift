import Relay
import RelayTestSupport
import Testing

/// CombineExt's `DematerializeTests`, ported, and the upstream's own completion.
@Suite struct DematerializeTests {
  typealias Tracker = TrackingSubscriber<String, TestingError>

  @Test func aFinishedEventFinishes() {
    let subject = TestSubject<Event<String, TestingError>, Never>()
    let tracker = Tracker(demand: .unlimited)
    subject.dematerialize().subscribe(tracker)
    subject.send(.finished)
    #expect(tracker.history == [.subscription("Dematerialize"), .finished])
    #expect(subject.subscriberCount == 0)
  }

  @Test func aFailureEventFails() {
    let subject = TestSubject<Event<String, TestingError>, Never>()
    let tracker = Tracker(demand: .unlimited)
    subject.dematerialize().subscribe(tracker)
    subject.send(.failure(.oops))
    subject.send(.value("late"))
    #expect(tracker.history == [.subscription("Dematerialize"), .failure(.oops)])
  }

  @Test(arguments: [true, false]) func valuesThenTheCompletion(fails: Bool) {
    let subject = TestSubject<Event<String, TestingError>, Never>()
    let tracker = Tracker(demand: .unlimited)
    subject.dematerialize().subscribe(tracker)
    for word in ["Hello", "There", "World!"] { subject.send(.value(word)) }
    subject.send(fails ? .failure(.oops) : .finished)
    let expected: [Tracker.Event] = [
      .subscription("Dematerialize"), .value("Hello"), .value("There"), .value("World!"),
      fails ? .failure(.oops) : .finished,
    ]
    #expect(tracker.history == expected)
  }

  @Test(arguments: [true, false]) func limitedDemand(fails: Bool) {
    let subject = TestSubject<Event<String, TestingError>, Never>()
    let tracker = Tracker(demand: .max(2))
    subject.dematerialize().subscribe(tracker)
    for word in ["Hello", "There", "World!"] { subject.send(.value(word)) }
    subject.send(fails ? .failure(.oops) : .finished)
    let expected: [Tracker.Event] = [
      .subscription("Dematerialize"), .value("Hello"), .value("There"),
    ]
    #expect(tracker.history == expected)
  }

  @Test func theUpstreamsCompletionFinishes() {
    let subject = TestSubject<Event<String, TestingError>, Never>()
    let tracker = Tracker(demand: .unlimited)
    subject.dematerialize().subscribe(tracker)
    subject.send(.value("a"))
    subject.send(completion: .finished)
    #expect(tracker.history == [.subscription("Dematerialize"), .value("a"), .finished])
  }

  @Test func roundTrip() {
    let tracker = Tracker(demand: .unlimited)
    Fail<String, TestingError>(error: .boom).materialize().dematerialize().subscribe(tracker)
    #expect(tracker.history == [.subscription("Dematerialize"), .failure(.boom)])
  }
}
