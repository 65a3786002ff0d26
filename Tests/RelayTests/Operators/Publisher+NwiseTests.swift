import Relay
import RelayTestSupport
import Testing

/// CombineExt's `NwiseTests`, ported.
@Suite struct NwiseTests {
  @Test func windowsOfThree() {
    let tracker = TrackingSubscriber<[Int], Never>(demand: .unlimited)
    [1, 2, 3, 4, 5, 6].publisher.nwise(3).subscribe(tracker)
    let expected: [TrackingSubscriber<[Int], Never>.Event] = [
      .value([1, 2, 3]), .value([2, 3, 4]), .value([3, 4, 5]), .value([4, 5, 6]), .finished,
    ]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test func tooFewValuesMakeNoWindow() {
    let tracker = TrackingSubscriber<[Int], Never>(demand: .unlimited)
    [1, 2, 3].publisher.nwise(4).subscribe(tracker)
    #expect(Array(tracker.history.dropFirst()) == [.finished])
  }

  @Test func pairs() {
    let tracker = TrackingSubscriber<[Int], Never>(demand: .unlimited)
    [1, 2, 3, 4, 5, 6].publisher.pairwise().map { [$0, $1] }.subscribe(tracker)
    let expected: [TrackingSubscriber<[Int], Never>.Event] = [
      .value([1, 2]), .value([2, 3]), .value([3, 4]), .value([4, 5]), .value([5, 6]), .finished,
    ]
    #expect(Array(tracker.history.dropFirst()) == expected)
  }

  @Test func demandIsRespected() {
    let tracker = TrackingSubscriber<[Int], Never>(demand: .max(2))
    [1, 2, 3, 4, 5, 6].publisher.nwise(2).subscribe(tracker)
    #expect(Array(tracker.history.dropFirst()) == [.value([1, 2]), .value([2, 3])])
  }

  @Test func eachSubscriptionHasItsOwnWindow() {
    let subject = TestSubject<Int, Never>()
    let pairs = subject.pairwise().map { [$0, $1] }
    let first = TrackingSubscriber<[Int], Never>(demand: .unlimited)
    pairs.subscribe(first)
    subject.send(1)
    let second = TrackingSubscriber<[Int], Never>(demand: .unlimited)
    pairs.subscribe(second)
    subject.send(2)
    subject.send(3)
    #expect(Array(first.history.dropFirst()) == [.value([1, 2]), .value([2, 3])])
    #expect(Array(second.history.dropFirst()) == [.value([2, 3])])
  }
}
