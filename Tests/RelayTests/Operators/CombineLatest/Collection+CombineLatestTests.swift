import Relay
import RelayTestSupport
import Testing

/// CombineExt's `CombineLatestManyTests`, ported.
@Suite struct CollectionCombineLatestTests {
  typealias Tracker = TrackingSubscriber<[Int], TestingError>

  static func subjects(_ count: Int) -> [TestSubject<Int, TestingError>] {
    (0..<count).map { _ in TestSubject() }
  }

  @Test func ofFourUntilAllFinish() {
    let subjects = Self.subjects(4)
    let tracker = Tracker(demand: .unlimited)
    subjects.combineLatest().subscribe(tracker)
    subjects[0].send(1)
    subjects[1].send(2)
    #expect(tracker.history.count == 1)
    subjects[2].send(3)
    subjects[3].send(4)
    subjects[0].send(5)
    subjects[3].send(6)
    subjects[0].send(completion: .finished)
    let values: [Tracker.Event] = [
      .value([1, 2, 3, 4]), .value([5, 2, 3, 4]), .value([5, 2, 3, 6]),
    ]
    #expect(Array(tracker.history.dropFirst()) == values)
    for subject in subjects.dropFirst() { subject.send(completion: .finished) }
    #expect(Array(tracker.history.dropFirst()) == values + [.finished])
  }

  @Test func withNoValues() {
    let subjects = Self.subjects(2)
    let tracker = Tracker(demand: .unlimited)
    subjects.combineLatest().subscribe(tracker)
    #expect(tracker.history.count == 1)
  }

  @Test func theFirstFailureEndsIt() {
    let subjects = Self.subjects(2)
    let tracker = Tracker(demand: .unlimited)
    subjects.combineLatest().subscribe(tracker)
    subjects[0].send(1)
    subjects[1].send(2)
    subjects[1].send(completion: .failure(.oops))
    subjects[0].send(3)
    #expect(Array(tracker.history.dropFirst()) == [.value([1, 2]), .failure(.oops)])
    #expect(subjects[0].subscriberCount == 0)
  }

  @Test func ofOne() {
    let subjects = Self.subjects(1)
    let tracker = Tracker(demand: .unlimited)
    subjects.combineLatest().subscribe(tracker)
    subjects[0].send(1)
    subjects[0].send(completion: .finished)
    #expect(Array(tracker.history.dropFirst()) == [.value([1]), .finished])
  }

  @Test func ofNoneFinishesAtOnce() {
    let tracker = Tracker(demand: .unlimited)
    [TestSubject<Int, TestingError>]().combineLatest().subscribe(tracker)
    #expect(Array(tracker.history.dropFirst()) == [.finished])
  }

  @Test func withACollection() {
    let subjects = Self.subjects(2)
    let tracker = Tracker(demand: .unlimited)
    subjects[0].combineLatest(with: [subjects[1]]).subscribe(tracker)
    subjects[0].send(1)
    subjects[1].send(2)
    subjects[1].send(3)
    subjects[1].send(3)
    subjects[0].send(completion: .finished)
    let values: [Tracker.Event] = [.value([1, 2]), .value([1, 3]), .value([1, 3])]
    #expect(Array(tracker.history.dropFirst()) == values)
    subjects[1].send(completion: .finished)
    #expect(Array(tracker.history.dropFirst()) == values + [.finished])
  }

  @Test func variadic() {
    let subjects = Self.subjects(5)
    let tracker = Tracker(demand: .unlimited)
    subjects[0].combineLatest(with: subjects[1], subjects[2], subjects[3], subjects[4])
      .subscribe(tracker)
    for (index, subject) in subjects.enumerated() { subject.send(index + 1) }
    subjects[1].send(6)
    let values: [Tracker.Event] = [.value([1, 2, 3, 4, 5]), .value([1, 6, 3, 4, 5])]
    #expect(Array(tracker.history.dropFirst()) == values)
  }

  @Test func demandIsRespected() {
    let subjects = Self.subjects(6)
    let tracker = Tracker(demand: .max(2))
    subjects.combineLatest().subscribe(tracker)
    for (index, subject) in subjects.enumerated() { subject.send(index) }
    subjects[5].send(50)
    subjects[0].send(10)
    let values: [Tracker.Event] = [.value([0, 1, 2, 3, 4, 5]), .value([0, 1, 2, 3, 4, 50])]
    #expect(Array(tracker.history.dropFirst()) == values)
  }

  /// CombineExt's case is 100 001 publishers; a few thousand make the same tree deep enough.
  @Test func atScale() {
    let count = 4_097
    let tracker = TrackingSubscriber<[Int], Never>(demand: .unlimited)
    Array(repeating: Just(2), count: count).combineLatest().subscribe(tracker)
    let expected: [TrackingSubscriber<[Int], Never>.Event] = [
      .value(Array(repeating: 2, count: count)), .finished,
    ]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }
}
