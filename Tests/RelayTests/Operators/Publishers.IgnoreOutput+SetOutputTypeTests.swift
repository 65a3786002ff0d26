import Relay
import RelayTestSupport
import Testing

/// CombineExt's `IgnoreOutputSetOutputTypeTests`, ported.
@Suite struct IgnoreOutputSetOutputTypeTests {
  @Test func declaresTheTypeAndPassesOnlyTheCompletion() {
    let subject = TestSubject<Int, TestingError>()
    let tracker = TrackingSubscriber<String, TestingError>(demand: .unlimited)
    let publisher = subject.ignoreOutput(setOutputType: String.self)
    #expect(type(of: publisher.eraseToAnyPublisher()) == AnyPublisher<String, TestingError>.self)
    publisher.subscribe(tracker)
    subject.send(1)
    subject.send(completion: .failure(.oops))
    #expect(Array(tracker.history.dropFirst()) == [.failure(.oops)])
  }
}
