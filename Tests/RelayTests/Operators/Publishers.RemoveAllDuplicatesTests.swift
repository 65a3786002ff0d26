import Relay
import RelayTestSupport
import Testing

/// CombineExt's `RemoveAllDuplicatesTests`, ported, and a memory per subscription.
@Suite struct RemoveAllDuplicatesTests {
  struct HashableValue: Hashable { let value: Int }
  struct EquatableValue: Equatable { let value: Int }

  @Test func hashable() {
    let tracker = TrackingSubscriber<HashableValue, Never>(demand: .unlimited)
    [1, 1, 2, 1, 3, 3, 4].map(HashableValue.init).publisher.removeAllDuplicates()
      .subscribe(tracker)
    let expected: [TrackingSubscriber<HashableValue, Never>.Event] =
      [1, 2, 3, 4].map { .value(HashableValue(value: $0)) } + [.finished]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test func equatable() {
    let tracker = TrackingSubscriber<EquatableValue, Never>(demand: .unlimited)
    [1, 1, 2, 1, 3, 3, 4].map(EquatableValue.init).publisher.removeAllDuplicates()
      .subscribe(tracker)
    let expected: [TrackingSubscriber<EquatableValue, Never>.Event] =
      [1, 2, 3, 4].map { .value(EquatableValue(value: $0)) } + [.finished]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test func withNoDuplicates() {
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    [1, 2, 3, 4].publisher.removeAllDuplicates().subscribe(tracker)
    let expected: [TrackingSubscriber<Int, Never>.Event] = [1, 2, 3, 4].map { .value($0) }
    #expect(Array(tracker.history.dropFirst()) == expected + [.finished])
  }

  @Test func byAComparator() {
    let isMultiple: (Int, Int) -> Bool = { seen, incoming in incoming.isMultiple(of: seen) }
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    [2, 3, 3, 4].publisher.removeAllDuplicates(by: isMultiple).subscribe(tracker)
    #expect(Array(tracker.history.dropFirst()) == [.value(2), .value(3), .finished])
    let primes = TrackingSubscriber<Int, Never>(demand: .unlimited)
    [3, 5, 7, 11].publisher.removeAllDuplicates(by: isMultiple).subscribe(primes)
    let expected: [TrackingSubscriber<Int, Never>.Event] = [3, 5, 7, 11].map { .value($0) }
    #expect(Array(primes.history.dropFirst()) == expected + [.finished])
  }

  @Test(arguments: [true, false]) func theCompletionPasses(fails: Bool) {
    let subject = TestSubject<Int, TestingError>()
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    subject.removeAllDuplicates().subscribe(tracker)
    for value in [1, 2, 1, 3] { subject.send(value) }
    subject.send(completion: fails ? .failure(.oops) : .finished)
    let expected: [TrackingSubscriber<Int, TestingError>.Event] = [
      .value(1), .value(2), .value(3), fails ? .failure(.oops) : .finished,
    ]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test func eachSubscriptionRemembersItsOwnValues() {
    let subject = TestSubject<Int, Never>()
    let deduplicated = subject.removeAllDuplicates()
    let first = TrackingSubscriber<Int, Never>(demand: .unlimited)
    deduplicated.subscribe(first)
    subject.send(1)
    let second = TrackingSubscriber<Int, Never>(demand: .unlimited)
    deduplicated.subscribe(second)
    subject.send(1)
    #expect(Array(first.history.dropFirst()) == [.value(1)])
    #expect(Array(second.history.dropFirst()) == [.value(1)])
  }

  @Test func aDuplicateAsksForAnotherValue() {
    let harness = OperatorHarness<Int, TestingError, _>(initialDemand: .max(2)) {
      $0.removeAllDuplicates()
    }
    #expect(harness.publisher.send(1) == .none)
    #expect(harness.publisher.send(1) == .max(1))
  }
}
