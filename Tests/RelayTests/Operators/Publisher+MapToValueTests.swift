import Relay
import RelayTestSupport
import Testing

/// CombineExt's `MapToValueTests`, ported.
@Suite struct MapToValueTests {
  @Test func replacesEveryValue() {
    let subject = TestSubject<Int, TestingError>()
    let tracker = TrackingSubscriber<String, TestingError>(demand: .unlimited)
    subject.mapToValue("x").subscribe(tracker)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.oops))
    #expect(Array(tracker.history.dropFirst()) == [.value("x"), .value("x"), .failure(.oops)])
  }

  @Test func void() {
    var count = 0
    let cancellable = [1, 2, 3].publisher.mapToVoid().sink { count += 1 }
    #expect(count == 3)
    _ = cancellable
  }
}
