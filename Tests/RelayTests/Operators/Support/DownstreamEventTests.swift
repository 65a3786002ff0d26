import RelayTestSupport
import Testing

@testable import Relay

/// How the operators' state machines' answers read in a test: the event a caller delivers
/// now, or what a runner does next.
enum Described {
  static func event<Output, Failure>(_ event: DownstreamEvent<Output, Failure>?) -> String {
    switch event {
    case .value(let value)?: "value(\(value))"
    case .completion(.finished)?: "finished"
    case .completion(.failure(let error))?: "failure(\(error))"
    case nil: "nil"
    }
  }

  static func next<Output, Failure>(
    _ next: SerialDelivery<DownstreamEvent<Output, Failure>>.Next
  ) -> String {
    switch next {
    case .deliver(let event): Self.event(event)
    case .scheduleDrainer: "schedule"
    case .stop: "stop"
    }
  }
}

@Suite struct DownstreamEventTests {
  @Test func sendsAValueOrTheCompletionAndReturnsTheDemand() {
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited, perValue: .max(1))
    let more = DownstreamEvent<Int, TestingError>.value(1).send(to: tracker)
    let none = DownstreamEvent<Int, TestingError>.completion(.finished).send(to: tracker)
    #expect(more == .max(1))
    #expect(none == .none)
    #expect(tracker.history.map(\.description) == [".value(1)", ".finished"])
  }
}
