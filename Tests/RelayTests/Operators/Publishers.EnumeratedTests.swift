import Relay
import RelayTestSupport
import Testing

/// CombineExt's `EnumeratedTests`, ported, and an index per subscription.
@Suite struct EnumeratedTests {
  @Test(arguments: [0, 5]) func numbersEachValue(initial: Int) {
    let tracker = TrackingSubscriber<String, Never>(demand: .unlimited)
    ["a", "b", "c"].publisher.enumerated(initial: initial).map { "\($0.index)\($0.element)" }
      .subscribe(tracker)
    let expected: [TrackingSubscriber<String, Never>.Event] =
      ["a", "b", "c"].enumerated().map { .value("\($0.offset + initial)\($0.element)") }
      + [.finished]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test func eachSubscriptionCountsFromTheStart() {
    let subject = TestSubject<String, TestingError>()
    let publisher = subject.enumerated().map(\.index)
    let first = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    publisher.subscribe(first)
    subject.send("a")
    let second = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    publisher.subscribe(second)
    subject.send("b")
    subject.send(completion: .failure(.oops))
    #expect(Array(first.history.dropFirst()) == [.value(0), .value(1), .failure(.oops)])
    #expect(Array(second.history.dropFirst()) == [.value(0), .failure(.oops)])
  }

  @Test func passesDemandAndNamesItsSubscription() {
    let harness = OperatorHarness<Int, TestingError, _>(
      initialDemand: .max(2), demandPerValue: .max(3)
    ) { $0.enumerated() }
    #expect(harness.subscription.history == [.requested(.max(2))])
    #expect(harness.publisher.send(9) == .max(3))
    #expect(harness.tracker.history.first?.description == ".subscription(\"Enumerated\")")
  }
}
