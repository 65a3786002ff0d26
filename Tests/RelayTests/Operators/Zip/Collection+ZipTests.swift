import Relay
import RelayTestSupport
import Testing

/// CombineExt's `ZipManyTests`, ported.
@Suite struct CollectionZipTests {
  typealias Tracker = TrackingSubscriber<[Int], TestingError>

  static func subjects(_ count: Int) -> [TestSubject<Int, TestingError>] {
    (0..<count).map { _ in TestSubject() }
  }

  @Test func oneTupleThenAFinishedUpstreamEndsIt() {
    let subjects = Self.subjects(3)
    let tracker = Tracker(demand: .unlimited)
    subjects[0].zip(with: subjects[1], subjects[2]).subscribe(tracker)
    for (index, subject) in subjects.enumerated() { subject.send(index + 1) }
    #expect(Array(tracker.history.dropFirst()) == [.value([1, 2, 3])])
    subjects[0].send(completion: .finished)
    #expect(Array(tracker.history.dropFirst()) == [.value([1, 2, 3]), .finished])
  }

  @Test func severalTuplesThenAFailure() {
    let subjects = Self.subjects(3)
    let tracker = Tracker(demand: .unlimited)
    subjects[0].zip(with: subjects[1], subjects[2]).subscribe(tracker)
    for _ in 0..<4 { subjects[0].send(1) }
    for _ in 0..<3 { subjects[1].send(2) }
    for _ in 0..<2 { subjects[2].send(3) }
    let values: [Tracker.Event] = [.value([1, 2, 3]), .value([1, 2, 3])]
    #expect(Array(tracker.history.dropFirst()) == values)
    subjects[0].send(completion: .failure(.oops))
    #expect(Array(tracker.history.dropFirst()) == values + [.failure(.oops)])
  }

  @Test func noTupleWithoutAValueFromEach() {
    let subjects = Self.subjects(3)
    let tracker = Tracker(demand: .unlimited)
    subjects[0].zip(with: subjects[1], subjects[2]).subscribe(tracker)
    subjects[0].send(1)
    subjects[1].send(2)
    #expect(tracker.history.count == 1)
  }

  @Test(arguments: [true, false]) func aFinishedUpstreamWithAValueWaitingEndsNothing(
    collection: Bool
  ) {
    let subjects = Self.subjects(3)
    let tracker = Tracker(demand: .unlimited)
    if collection {
      subjects.zip().subscribe(tracker)
    } else {
      subjects[0].zip(with: subjects[1], subjects[2]).subscribe(tracker)
    }
    subjects[0].send(1)
    subjects[0].send(1)
    subjects[1].send(2)
    subjects[1].send(2)
    subjects[2].send(3)
    subjects[0].send(completion: .finished)
    #expect(Array(tracker.history.dropFirst()) == [.value([1, 2, 3])])
  }

  @Test func ofACollection() {
    let subjects = Self.subjects(3)
    let tracker = Tracker(demand: .unlimited)
    subjects.zip().subscribe(tracker)
    subjects[0].send(1)
    subjects[1].send(2)
    subjects[1].send(2)
    subjects[2].send(3)
    subjects[0].send(completion: .finished)
    #expect(Array(tracker.history.dropFirst()) == [.value([1, 2, 3]), .finished])
  }

  @Test func withACollection() {
    let subjects = Self.subjects(2)
    let tracker = Tracker(demand: .unlimited)
    subjects[0].zip(with: [subjects[1]]).subscribe(tracker)
    subjects[0].send(1)
    subjects[0].send(2)
    subjects[1].send(10)
    #expect(Array(tracker.history.dropFirst()) == [.value([1, 10])])
  }

  @Test func ofOne() {
    let subjects = Self.subjects(1)
    let tracker = Tracker(demand: .unlimited)
    subjects.zip().subscribe(tracker)
    subjects[0].send(1)
    subjects[0].send(completion: .finished)
    #expect(Array(tracker.history.dropFirst()) == [.value([1]), .finished])
  }

  @Test func ofNoneFinishesAtOnce() {
    let tracker = Tracker(demand: .unlimited)
    [TestSubject<Int, TestingError>]().zip().subscribe(tracker)
    #expect(Array(tracker.history.dropFirst()) == [.finished])
  }

  @Test func atScale() {
    let count = 4_097
    let tracker = TrackingSubscriber<[Int], Never>(demand: .unlimited)
    Array(repeating: Just(2), count: count).zip().subscribe(tracker)
    let expected: [TrackingSubscriber<[Int], Never>.Event] = [
      .value(Array(repeating: 2, count: count)), .finished,
    ]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }
}
