import Relay
import RelayTestSupport
import Testing

/// CombineExt's `AmbTests`, ported, and cancel and demand.
@Suite struct AmbTests {
  typealias Tracker = TrackingSubscriber<Int, TestingError>

  static func subjects(_ count: Int) -> [TestSubject<Int, TestingError>] {
    (0..<count).map { _ in TestSubject() }
  }

  @Test func theFirstToSendWins() {
    let subjects = Self.subjects(2)
    let tracker = Tracker(demand: .unlimited)
    subjects[0].amb(subjects[1]).subscribe(tracker)
    subjects[1].send(1)
    subjects[1].send(2)
    for _ in 0..<3 { subjects[0].send(6) }
    subjects[1].send(8)
    #expect(subjects[0].subscriberCount == 0)
    subjects[0].send(completion: .finished)
    let values: [Tracker.Event] = [.value(1), .value(2), .value(8)]
    #expect(Array(tracker.history.dropFirst()) == values)
    subjects[1].send(completion: .finished)
    #expect(Array(tracker.history.dropFirst()) == values + [.finished])
  }

  /// Demand asked for before the race is decided goes to the winner; a value beyond it
  /// waits.
  @Test func limitedDemandBeforeTheDecision() {
    let subjects = Self.subjects(2)
    var subscription: (any Subscription)?
    let tracker = Tracker(receiveSubscription: { received in
      subscription = received
      received.request(.max(2))
      subjects[1].send(3)
      subjects[0].send(1)
      subjects[0].send(0)
      subjects[1].send(0)
      subjects[1].send(7)
      subjects[1].send(11)
      subjects[0].send(12)
      subjects[1].send(14)
    })
    subjects[0].amb(subjects[1]).subscribe(tracker)
    #expect(Array(tracker.history.dropFirst()) == [.value(3), .value(0)])
    subscription?.request(.max(5))
    #expect(Array(tracker.history.dropFirst()) == [.value(3), .value(0), .value(7)])
  }

  @Test func aCompletionWinsToo() {
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    Empty<Int, Never>(completeImmediately: false).append(0)
      .amb(Empty<Int, Never>().append(1)).subscribe(tracker)
    #expect(Array(tracker.history.dropFirst()) == [.value(1), .finished])
    let empties = TrackingSubscriber<Int, Never>(demand: .unlimited)
    Publishers.Amb(first: Empty<Int, Never>(), second: Empty<Int, Never>()).subscribe(empties)
    #expect(Array(empties.history.dropFirst()) == [.finished])
    let nevers = TrackingSubscriber<Int, Never>(demand: .unlimited)
    Publishers.Amb(
      first: Empty<Int, Never>(completeImmediately: false),
      second: Empty<Int, Never>(completeImmediately: false)
    ).subscribe(nevers)
    #expect(nevers.history.count == 1)
  }

  @Test func aFailureWins() {
    let subjects = Self.subjects(2)
    let tracker = Tracker(demand: .unlimited)
    subjects[0].amb(subjects[1]).subscribe(tracker)
    subjects[0].send(completion: .failure(.oops))
    subjects[1].send(1)
    #expect(Array(tracker.history.dropFirst()) == [.failure(.oops)])
    #expect(subjects[1].subscriberCount == 0)
  }

  @Test func variadicAndCollections() {
    let subjects = Self.subjects(4)
    let four = Tracker(demand: .unlimited)
    let three = Tracker(demand: .unlimited)
    let pair = Tracker(demand: .unlimited)
    let all = Tracker(demand: .unlimited)
    subjects[3].amb(with: subjects[1], subjects[2], subjects[0]).subscribe(four)
    subjects[0].amb(with: subjects[1], subjects[2]).subscribe(three)
    subjects[0].amb(with: [subjects[1]]).subscribe(pair)
    Array(subjects.prefix(3)).amb().subscribe(all)
    subjects[3].send(3)
    subjects[1].send(1)
    subjects[1].send(2)
    subjects[2].send(5)
    subjects[0].send(6)
    subjects[3].send(7)
    subjects[1].send(8)
    #expect(Array(four.history.dropFirst()) == [.value(3), .value(7)])
    for tracker in [three, pair, all] {
      #expect(Array(tracker.history.dropFirst()) == [.value(1), .value(2), .value(8)])
    }
  }

  @Test func ofOneAndOfNone() {
    let subjects = Self.subjects(1)
    let one = Tracker(demand: .unlimited)
    subjects.amb().subscribe(one)
    subjects[0].send(4)
    #expect(Array(one.history.dropFirst()) == [.value(4)])
    let none = Tracker(demand: .unlimited)
    [TestSubject<Int, TestingError>]().amb().subscribe(none)
    #expect(Array(none.history.dropFirst()) == [.finished])
  }

  @Test func cancelReachesBothBeforeTheDecision() {
    let (first, firstSubscription) = (
      TestPublisher<Int, TestingError>(subscription: nil), TestSubscription()
    )
    let secondSubscription = TestSubscription()
    let second = TestPublisher<Int, TestingError>(subscription: secondSubscription)
    let tracker = Tracker(demand: .max(3))
    first.amb(second).subscribe(tracker)
    first.send(subscription: firstSubscription)
    #expect(firstSubscription.history == [.requested(.max(1))])
    #expect(secondSubscription.history == [.requested(.max(1))])
    tracker.cancel()
    #expect(firstSubscription.history == [.requested(.max(1)), .cancelled])
    #expect(secondSubscription.history == [.requested(.max(1)), .cancelled])
    #expect(first.send(1) == .none)
    #expect(tracker.history == [.subscription("Amb")])
  }

  @Test func requestsAfterTheDecisionGoToTheWinner() {
    let firstSubscription = TestSubscription()
    let secondSubscription = TestSubscription()
    let first = TestPublisher<Int, TestingError>(subscription: firstSubscription)
    let second = TestPublisher<Int, TestingError>(subscription: secondSubscription)
    let tracker = Tracker(demand: .max(2))
    first.amb(second).subscribe(tracker)
    second.send(5)
    #expect(firstSubscription.history == [.requested(.max(1)), .cancelled])
    #expect(secondSubscription.history == [.requested(.max(1)), .requested(.max(2))])
    tracker.subscription?.request(.max(4))
    #expect(
      secondSubscription.history == [.requested(.max(1)), .requested(.max(2)), .requested(.max(4))])
    #expect(tracker.history == [.subscription("Amb"), .value(5)])
  }
}
