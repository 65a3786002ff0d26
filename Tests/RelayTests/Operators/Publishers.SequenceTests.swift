import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `SequenceTests`, ported.
@Suite struct SequenceTests {
  /// Counts how often it is iterated and names itself "Counter", as OpenCombine's helper.
  final class Counter: Sequence, IteratorProtocol, CustomStringConvertible, @unchecked Sendable {
    let upperBound: Int
    private(set) var state = 0
    init(upperBound: Int) { self.upperBound = upperBound }
    func next() -> Int? {
      defer { state += 1 }
      return state < upperBound ? state : nil
    }
    var description: String { "Counter" }
  }

  @Test func emptySequenceFinishesAtOnce() {
    let counter = Counter(upperBound: 0)
    let tracker = TrackingSubscriber<Int, Never>()
    counter.publisher.subscribe(tracker)
    #expect(tracker.history == [.subscription("Empty"), .finished])
    #expect(counter.state == 1)
  }

  @Test func sendsAgainstDemandAndFinishesWithTheLastElement() {
    let counter = Counter(upperBound: 10)
    let tracker = TrackingSubscriber<Int, Never>()
    counter.publisher.subscribe(tracker)
    #expect(tracker.history == [.subscription("Counter")])
    tracker.request(.max(3))
    #expect(tracker.values == [0, 1, 2])
    tracker.request(.max(5))
    #expect(tracker.values == Array(0...7))
    tracker.request(.max(2))
    #expect(tracker.values == Array(0...9))
    #expect(tracker.completions.count == 1)
    #expect("\(tracker.subscription!)" == "Sequence")
  }

  @Test func demandReturnedFromValuesAddsUp() {
    let counter = Counter(upperBound: 10)
    let tracker = TrackingSubscriber<Int, Never>(
      receiveSubscription: { $0.request(.max(1)) },
      receiveValue: { $0 > 3 || $0 == 0 ? .none : .max(2) })
    counter.publisher.subscribe(tracker)
    #expect(tracker.values == [0])
    tracker.request(.max(1))
    #expect(tracker.values == Array(0...7))
  }

  @Test func cancelOnSubscriptionAfterARequest() {
    let tracker = TrackingSubscriber<Int, Never>(receiveSubscription: {
      $0.request(.max(1))
      $0.cancel()
    })
    Counter(upperBound: 3).publisher.subscribe(tracker)
    #expect(tracker.values == [0])
    tracker.request(.max(1))
    #expect(tracker.history == [.subscription("Counter"), .value(0)])
  }

  @Test func cancelOnValue() {
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited) { subscription in
      subscription.cancel()
      return .unlimited
    }
    Counter(upperBound: 3).publisher.subscribe(tracker)
    tracker.request(.max(1))
    #expect(tracker.history == [.subscription("Counter"), .value(0)])
  }

  @Test func sinkReceivesEveryElement() {
    var history: [Int] = []
    _ = (1...5).publisher.sink { history.append($0) }
    #expect(history == [1, 2, 3, 4, 5])
  }

  @Test func requestsFromInsideAValueDoNotRecurse() {
    var subscription: (any Subscription)?
    var depth = 0
    var maxDepth = 0
    var history: [Int] = []
    let tracker = TrackingSubscriber<Int, Never>(
      receiveSubscription: {
        subscription = $0
        $0.request(.max(1))
      },
      receiveValue: { value in
        depth += 1
        maxDepth = max(maxDepth, depth)
        subscription?.request(.max(1))
        history.append(value)
        depth -= 1
        return .none
      })
    (1...5).publisher.subscribe(tracker)
    #expect(history == [1, 2, 3, 4, 5])
    #expect(maxDepth == 1)
  }

  @Test func describesItselfAsTheSequence() {
    let tracker = TrackingSubscriber<Int, Never>()
    (1...5).publisher.subscribe(tracker)
    #expect(tracker.history == [.subscription("1...5")])
  }

  @Test func cancellingReleasesTheSubscriber() {
    var deinitCount = 0
    var subscription: (any Subscription)?
    do {
      let tracker = TrackingSubscriber<Int, Never>(
        receiveSubscription: { subscription = $0 }, onDeinit: { deinitCount += 1 })
      Counter(upperBound: 1).publisher.subscribe(tracker)
    }
    #expect(deinitCount == 0)
    subscription?.cancel()
    #expect(deinitCount == 1)
  }
}
