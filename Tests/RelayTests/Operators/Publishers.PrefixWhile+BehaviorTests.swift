import Relay
import RelayTestSupport
import Testing

/// CombineExt's `PrefixWhileBehaviorTests`, ported.
@Suite struct PrefixWhileWithBehaviorTests {
  typealias Tracker = TrackingSubscriber<Int, TestingError>

  static func run(
    _ behavior: PrefixWhileBehavior, sending values: [Int],
    then completion: Subscribers.Completion<TestingError>? = nil
  ) -> [Tracker.Event] {
    let subject = TestSubject<Int, TestingError>()
    let tracker = Tracker(demand: .unlimited)
    subject.prefix(while: { $0.isMultiple(of: 2) }, behavior: behavior).subscribe(tracker)
    for value in values { subject.send(value) }
    if let completion { subject.send(completion: completion) }
    #expect(subject.subscriberCount == 0 || values.allSatisfy { $0.isMultiple(of: 2) })
    return Array(tracker.history.dropFirst())
  }

  @Test func exclusiveStopsBeforeTheFailingValue() {
    #expect(
      Self.run(.exclusive, sending: [0, 2, 4, 5]) == [.value(0), .value(2), .value(4), .finished])
  }

  @Test func exclusivePassesAFailure() {
    let events = Self.run(.exclusive, sending: [0, 2, 4], then: .failure(.oops))
    #expect(events == [.value(0), .value(2), .value(4), .failure(.oops)])
  }

  @Test func inclusivePublishesTheFailingValue() {
    let events = Self.run(.inclusive, sending: [0, 2, 4, 5, 6], then: .failure(.oops))
    #expect(events == [.value(0), .value(2), .value(4), .value(5), .finished])
  }

  @Test func inclusivePassesAFailureBeforeTheStop() {
    let events = Self.run(.inclusive, sending: [0, 2, 4], then: .failure(.oops))
    #expect(events == [.value(0), .value(2), .value(4), .failure(.oops)])
  }

  @Test func inclusiveFinishesWithTheUpstream() {
    let events = Self.run(.inclusive, sending: [0], then: .finished)
    #expect(events == [.value(0), .finished])
  }

  @Test func theDefaultIsExclusive() {
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    [2, 3, 4].publisher.prefix(while: { $0 < 3 }, behavior: .exclusive).subscribe(tracker)
    let plain = TrackingSubscriber<Int, Never>(demand: .unlimited)
    [2, 3, 4].publisher.prefix(while: { $0 < 3 }).subscribe(plain)
    #expect(Array(tracker.history.dropFirst()) == Array(plain.history.dropFirst()))
  }

  @Test func inclusiveRespectsDemand() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(1)) {
      $0.prefix(while: { $0 < 10 }, behavior: .inclusive)
    }
    #expect(harness.subscription.history == [.requested(.max(1))])
    #expect(harness.publisher.send(11) == .none)
    #expect(harness.subscription.history == [.requested(.max(1)), .cancelled])
    #expect(harness.tracker.history == [.subscription("PrefixWhile"), .value(11), .finished])
  }
}
