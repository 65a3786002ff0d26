import Relay
import RelayTestSupport
import Testing

/// CombineExt's `MapToResultTests`, ported.
@Suite struct MapToResultTests {
  typealias Tracker = TrackingSubscriber<Result<Int, TestingError>, Never>

  @Test func valuesThenFinished() {
    let subject = TestSubject<Int, TestingError>()
    let tracker = Tracker(demand: .unlimited)
    subject.mapToResult().subscribe(tracker)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(Array(tracker.history.dropFirst()) == [.value(.success(1)), .finished])
  }

  @Test func aFailureBecomesAValue() {
    let subject = TestSubject<Int, TestingError>()
    let tracker = Tracker(demand: .unlimited)
    subject.mapToResult().subscribe(tracker)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    let expected: [Tracker.Event] = [.value(.success(1)), .value(.failure(.oops)), .finished]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }
}
