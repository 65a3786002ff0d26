import Relay
import RelayTestSupport
import Testing

/// CombineExt's `ToggleTests`, ported.
@Suite struct ToggleTests {
  @Test func negatesEachValue() {
    let tracker = TrackingSubscriber<Bool, Never>(demand: .unlimited)
    [true, false, true, false, true].publisher.toggle().subscribe(tracker)
    let expected: [TrackingSubscriber<Bool, Never>.Event] = [
      .value(false), .value(true), .value(false), .value(true), .value(false), .finished,
    ]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }
}
