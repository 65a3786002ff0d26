import Relay
import RelayTestSupport
import Testing

/// CombineExt's `PartitionTests`, ported, and the shared subscription.
@Suite struct PartitionTests {
  @Test func bothSidesMatch() {
    let source = PassthroughRelay<Int>()
    let (evens, odds) = source.partition { $0.isMultiple(of: 2) }
    var evenValues: [Int] = []
    var oddValues: [Int] = []
    let cancellables = [
      evens.sink { evenValues.append($0) }, odds.sink { oddValues.append($0) },
    ]
    for value in 0...10 { source.send(value) }
    #expect(oddValues == [1, 3, 5, 7, 9])
    #expect(evenValues == [0, 2, 4, 6, 8, 10])
    _ = cancellables
  }

  @Test func oneSideMatches() {
    let source = PassthroughRelay<Int>()
    let (all, none) = source.partition { $0 <= 10 }
    var allValues: [Int] = []
    var noneValues: [Int] = []
    let cancellables = [all.sink { allValues.append($0) }, none.sink { noneValues.append($0) }]
    for value in 0...10 { source.send(value) }
    #expect(allValues == Array(0...10))
    #expect(noneValues.isEmpty)
    _ = cancellables
  }

  @Test func thePredicateRunsOncePerValueAndBothSidesComplete() {
    let source = TestSubject<Int, TestingError>()
    var calls = 0
    let (small, large) = source.partition { value in
      calls += 1
      return value < 5
    }
    let smallTracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    let largeTracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    small.subscribe(smallTracker)
    large.subscribe(largeTracker)
    source.send(1)
    source.send(9)
    source.send(completion: .failure(.oops))
    #expect(calls == 2)
    #expect(source.subscriberCount == 0)
    #expect(Array(smallTracker.history.dropFirst()) == [.value(1), .failure(.oops)])
    #expect(Array(largeTracker.history.dropFirst()) == [.value(9), .failure(.oops)])
  }
}
