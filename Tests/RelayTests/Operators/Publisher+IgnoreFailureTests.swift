import Relay
import RelayTestSupport
import Testing

/// CombineExt's `IgnoreFailureTests`, ported.
@Suite struct IgnoreFailureTests {
  enum OtherError: Error, Equatable { case other }

  @Test func declaresNever() {
    let publisher = Just("someString").setFailureType(to: TestingError.self).ignoreFailure()
    #expect(type(of: publisher) == AnyPublisher<String, Never>.self)
  }

  @Test(arguments: [true, false]) func aFailure(completeImmediately: Bool) {
    let subject = TestSubject<Int, TestingError>()
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    subject.ignoreFailure(completeImmediately: completeImmediately).subscribe(tracker)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .failure(.oops))
    let values: [TrackingSubscriber<Int, Never>.Event] = [.value(1), .value(2), .value(3)]
    let expected = completeImmediately ? values + [.finished] : values
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test(arguments: [true, false]) func aFailureWithAnotherFailureType(completeImmediately: Bool) {
    let subject = TestSubject<Int, TestingError>()
    let tracker = TrackingSubscriber<Int, OtherError>(demand: .unlimited)
    let publisher = subject.ignoreFailure(
      setFailureType: OtherError.self, completeImmediately: completeImmediately)
    #expect(type(of: publisher) == AnyPublisher<Int, OtherError>.self)
    publisher.subscribe(tracker)
    for value in 1...3 { subject.send(value) }
    subject.send(completion: .failure(.oops))
    let values: [TrackingSubscriber<Int, OtherError>.Event] = [.value(1), .value(2), .value(3)]
    let expected = completeImmediately ? values + [.finished] : values
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test func finishedPasses() {
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    [1].publisher.setFailureType(to: TestingError.self).ignoreFailure().subscribe(tracker)
    #expect(Array(tracker.history.dropFirst()) == [.value(1), .finished])
  }
}
