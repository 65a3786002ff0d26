import Relay
import RelayTestSupport
import Testing

/// `eraseToAnyPublisher()`: the erased publisher passes everything through, and erasing twice
/// wraps nothing more.
@Suite struct AnyPublisherTests {
  @Test func eraseToAnyPublisherPassesEverythingThrough() {
    let relay = CurrentValueRelay(1)
    let erased = relay.map { $0 + 1 }.eraseToAnyPublisher()
    let twice = erased.eraseToAnyPublisher()
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    twice.subscribe(tracker)
    relay.send(5)
    #expect(tracker.history == [.subscription("CurrentValueSubject"), .value(2), .value(6)])
  }
}
