import Relay
import RelayTestSupport
import Testing

/// CombineExt's `MergeManyTests`, ported.
@Suite struct CollectionMergeTests {
  typealias Tracker = TrackingSubscriber<Int, TestingError>

  static func subjects(_ count: Int) -> [TestSubject<Int, TestingError>] {
    (0..<count).map { _ in TestSubject() }
  }

  @Test func finishesWhenAllFinish() {
    let subjects = Self.subjects(3)
    let tracker = Tracker(demand: .unlimited)
    subjects.merge().subscribe(tracker)
    subjects[0].send(1)
    subjects[1].send(2)
    subjects[1].send(2)
    subjects[2].send(3)
    subjects[0].send(completion: .finished)
    subjects[1].send(completion: .finished)
    let values: [Tracker.Event] = [.value(1), .value(2), .value(2), .value(3)]
    #expect(Array(tracker.history.dropFirst()) == values)
    subjects[2].send(completion: .finished)
    #expect(Array(tracker.history.dropFirst()) == values + [.finished])
  }

  @Test func theFirstFailureEndsIt() {
    let subjects = Self.subjects(3)
    let tracker = Tracker(demand: .unlimited)
    subjects.merge().subscribe(tracker)
    for _ in 0..<2 { subjects[0].send(1) }
    subjects[2].send(3)
    subjects[0].send(completion: .failure(.oops))
    subjects[1].send(2)
    let expected: [Tracker.Event] = [.value(1), .value(1), .value(3), .failure(.oops)]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test func ofOne() {
    let subjects = Self.subjects(1)
    let tracker = Tracker(demand: .unlimited)
    subjects.merge().subscribe(tracker)
    subjects[0].send(1)
    subjects[0].send(completion: .finished)
    #expect(Array(tracker.history.dropFirst()) == [.value(1), .finished])
  }

  @Test func ofNoneFinishesAtOnce() {
    let tracker = Tracker(demand: .unlimited)
    [TestSubject<Int, TestingError>]().merge().subscribe(tracker)
    #expect(Array(tracker.history.dropFirst()) == [.finished])
  }

  @Test func demandIsRespected() {
    let subjects = Self.subjects(2)
    let tracker = Tracker(demand: .max(2))
    subjects.merge().subscribe(tracker)
    subjects[0].send(1)
    subjects[1].send(2)
    subjects[1].send(3)
    #expect(Array(tracker.history.dropFirst()) == [.value(1), .value(2)])
  }
}
