import Relay
import RelayTestSupport
import Testing

/// CombineExt's `SetOutputTypeTests`, ported, and the completion passing.
@Suite struct SetOutputTypeTests {
  @Test func declaresTheOutputType() {
    let publisher = Just("someString").ignoreOutput().setOutputType(to: Int.self)
      .eraseToAnyPublisher()
    #expect(type(of: publisher) == AnyPublisher<Int, Never>.self)
  }

  @Test func passesTheCompletion() {
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    Fail<Never, TestingError>(error: .oops).setOutputType(to: Int.self).subscribe(tracker)
    #expect(Array(tracker.history.dropFirst()) == [.failure(.oops)])
  }
}
