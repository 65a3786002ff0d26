import Relay
import RelayTestSupport
import Testing

/// CombineExt's `PrefixDurationTests`, ported on a virtual clock.
@Suite struct PrefixDurationTests {
  typealias Tracker = TrackingSubscriber<Int, TestingError>

  @Test func aValueInTheWindow() {
    let scheduler = VirtualTimeScheduler()
    let subject = TestSubject<Int, TestingError>()
    let tracker = Tracker(demand: .unlimited)
    subject.prefix(duration: .milliseconds(500), on: scheduler).subscribe(tracker)
    scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(250))) { subject.send(1) }
    scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(1500))) { subject.send(2) }
    scheduler.advance(by: .seconds(2))
    #expect(Array(tracker.history.dropFirst()) == [.value(1), .finished])
  }

  @Test func valuesInAndOutOfTheWindow() {
    let scheduler = VirtualTimeScheduler()
    let subject = TestSubject<Int, TestingError>()
    let tracker = Tracker(demand: .unlimited)
    subject.prefix(duration: .milliseconds(800), on: scheduler).subscribe(tracker)
    subject.send(1)
    scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(250))) { subject.send(2) }
    scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(400))) { subject.send(3) }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
      subject.send(4)
      subject.send(completion: .finished)
    }
    scheduler.advance(by: .seconds(2))
    let expected: [Tracker.Event] = [.value(1), .value(2), .value(3), .finished]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test func noValueInTheWindow() {
    let scheduler = VirtualTimeScheduler()
    let subject = TestSubject<Int, TestingError>()
    let tracker = Tracker(demand: .unlimited)
    subject.prefix(duration: .milliseconds(500), on: scheduler).subscribe(tracker)
    scheduler.advance(by: .seconds(1))
    subject.send(1)
    #expect(Array(tracker.history.dropFirst()) == [.finished])
    #expect(subject.subscriberCount == 0)
  }

  @Test func aFailureInTheWindowPasses() {
    let scheduler = VirtualTimeScheduler()
    let subject = TestSubject<Int, TestingError>()
    let tracker = Tracker(demand: .unlimited)
    subject.prefix(duration: .seconds(1), on: scheduler).subscribe(tracker)
    subject.send(completion: .failure(.oops))
    scheduler.advance(by: .seconds(2))
    #expect(Array(tracker.history.dropFirst()) == [.failure(.oops)])
  }
}
