import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `SetFailureTypeTests`, ported.
@Suite struct SetFailureTypeTests {
  @Test func setFailureTypeRetypesAndFinishes() {
    let subject = TestSubject<Int, Never>()
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    subject.setFailureType(to: TestingError.self).subscribe(tracker)
    subject.send(1)
    subject.send(completion: .finished)
    #expect(tracker.history == [.subscription("PassthroughSubject"), .value(1), .finished])
    let twice = Just(1).setFailureType(to: TestingError.self)
      .setFailureType(to: MapErrorTests.OtherError.self)
    var values: [Int] = []
    _ = twice.sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
    #expect(values == [1])
  }
}
