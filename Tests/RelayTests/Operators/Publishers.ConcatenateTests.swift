import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `ConcatenateTests` (`append`, `prepend`), ported.
@Suite struct ConcatenateTests {
  @Test func appendCarriesDemandOverToTheSuffix() {
    let (publisher1, subscription1, publisher2, subscription2) = twoTestPublishers()
    let tracker = TrackingSubscriber<Int, TestingError>(
      receiveSubscription: { $0.request(.max(10)) }, receiveValue: { .max($0) })
    publisher1.append(publisher2).subscribe(tracker)
    #expect(tracker.history == [.subscription("Concatenate")])
    #expect(subscription1.history == [.requested(.max(10))])
    #expect(publisher1.send(1) == .max(1))
    #expect(publisher2.send(-1) == .none)
    #expect(publisher1.send(2) == .max(2))
    #expect(publisher1.send(3) == .max(3))
    publisher2.send(completion: .failure(.oops))
    #expect(tracker.history == [.subscription("Concatenate"), .value(1), .value(2), .value(3)])
    #expect(subscription2.history == [])
    publisher1.send(completion: .finished)
    #expect(subscription2.history == [.requested(.max(13))])
    #expect(publisher1.send(4000) == .none)
    #expect(publisher2.send(5) == .max(5))
    publisher2.send(completion: .finished)
    publisher2.send(completion: .failure(.oops))
    #expect(publisher2.send(7) == .none)
    #expect(
      tracker.history == [
        .subscription("Concatenate"), .value(1), .value(2), .value(3), .value(5), .finished,
      ])
    let subscription3 = TestSubscription()
    publisher2.send(subscription: subscription3)
    #expect(subscription3.history == [.cancelled])
  }

  @Test func bothFinishing() {
    let (publisher1, _, publisher2, subscription2) = twoTestPublishers()
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .max(10))
    publisher1.append(publisher2).subscribe(tracker)
    publisher1.send(completion: .finished)
    publisher1.send(completion: .finished)
    #expect(subscription2.history == [.requested(.max(10))])
    publisher2.send(completion: .finished)
    #expect(tracker.history == [.subscription("Concatenate"), .finished])
  }

  @Test func twoSequences() {
    let first = sequence(first: 1, next: { $0 > 20 ? nil : $0 * 2 }).publisher
    let second = (33..<40).publisher
    let expected = [1, 2, 4, 8, 16, 32, 33, 34, 35, 36, 37, 38, 39]
    var appended: [Int] = []
    var appendFinished = false
    _ = first.append(second).sink(
      receiveCompletion: { _ in appendFinished = true }, receiveValue: { appended.append($0) })
    #expect(appended == expected)
    #expect(appendFinished)
    var prepended: [Int] = []
    _ = second.prepend(first).sink { prepended.append($0) }
    #expect(prepended == expected)
  }

  @Test func prefixFailureEndsEverything() {
    let subscription2 = TestSubscription()
    let publisher1 = TestPublisher<Int, TestingError>(subscription: TestSubscription())
    let publisher2 = TestPublisher<Int, TestingError>(subscription: subscription2)
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .max(10))
    publisher1.append(publisher2).subscribe(tracker)
    publisher1.send(completion: .failure(.oops))
    #expect(publisher1.send(2) == .none)
    #expect(tracker.history == [.subscription("Concatenate"), .failure(.oops)])
    #expect(subscription2.history == [])
  }

  @Test func valuesAndSequenceForms() {
    var received: [Int] = []
    _ = Just(3).prepend(1, 2).append(4, 5).append([6]).prepend([0]).sink { received.append($0) }
    #expect(received == [0, 1, 2, 3, 4, 5, 6])
  }

  @Test func cancellingReleasesTheSuffix() {
    weak var weakSuffix: TestPublisher<Int, TestingError>?
    let publisher1 = TestPublisher<Int, TestingError>(subscription: TestSubscription())
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .max(1))
    do {
      let suffix = TestPublisher<Int, TestingError>(subscription: TestSubscription())
      weakSuffix = suffix
      publisher1.append(suffix).subscribe(tracker)
    }
    #expect(weakSuffix != nil)
    tracker.cancel()
    #expect(weakSuffix == nil)
  }

  @Test func prependOnARelayWithABoundedSubscriber() {
    let relay = CurrentValueRelay(10)
    let tracker = TrackingSubscriber<Int, Never>(demand: .max(2))
    relay.prepend(1).subscribe(tracker)
    #expect(tracker.values == [1, 10])
    relay.send(11)
    #expect(tracker.values == [1, 10])
    tracker.request(.max(1))
    #expect(tracker.values == [1, 10, 11])
  }
}
