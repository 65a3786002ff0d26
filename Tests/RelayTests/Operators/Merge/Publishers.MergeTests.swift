import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `MergeTests`, ported, for two to ten upstreams (`merge(with:)` of two to eight
/// publishers, of one type (`MergeMany`), and `MergeMany`); the cases `merge` shares with `combineLatest` and `zip` are in `FanInTests`.
///
/// One deliberate difference: nothing reaches the downstream after the completion (Combine
/// lets a value through after a completion sent from inside the downstream).
@Suite struct MergeTests {
  static func make(_ arity: Int) -> ([HandDrivenUpstream], AnyPublisher<Int, TestingError>) {
    guard arity > 4 else { return FanInOperator.merge.make(arity) }
    return HandDrivenUpstream.make(arity) { p in
      switch arity {
      case 5: p[0].merge(with: p[1], p[2], p[3], p[4]).eraseToAnyPublisher()
      case 6: p[0].merge(with: p[1], p[2], p[3], p[4], p[5]).eraseToAnyPublisher()
      case 7: p[0].merge(with: p[1], p[2], p[3], p[4], p[5], p[6]).eraseToAnyPublisher()
      case 8: p[0].merge(with: p[1], p[2], p[3], p[4], p[5], p[6], p[7]).eraseToAnyPublisher()
      case 9:
        // Two of a type make a MergeMany, which more of the type join.
        p[2...].reduce(p[0].merge(with: p[1])) { $0.merge(with: $1) }.eraseToAnyPublisher()
      default: Publishers.MergeMany(p).eraseToAnyPublisher()
      }
    }
  }

  @Test(arguments: [2, 3, 4, 5, 6, 7, 8, 9, 10]) func sendsEveryValue(arity: Int) {
    let (children, merged) = Self.make(arity)
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    merged.subscribe(tracker)
    for (index, child) in children.enumerated() { #expect(child.publisher.send(index) == .none) }
    #expect(
      tracker.history == [.subscription("Merge")] + (0..<arity).map { .value($0) })
  }

  @Test(arguments: [Subscribers.Demand.unlimited, .max(1), .max(10)])
  func askEachUpstreamForOneValueAtATime(initialDemand: Subscribers.Demand) {
    let (children, merged) = Self.make(2)
    let tracker = TrackingSubscriber<Int, TestingError>()
    merged.subscribe(tracker)
    tracker.request(initialDemand)
    let expectedHistory: [TestSubscription.Event] =
      initialDemand == .unlimited
      ? [.requested(.max(1)), .requested(.unlimited)] : [.requested(.max(1))]
    for child in children { #expect(child.subscription.history == expectedHistory) }
    switch initialDemand {
    case .unlimited:
      #expect(children[0].publisher.send(1) == .none)
      #expect(children[1].publisher.send(1) == .none)
    case .max(1):
      #expect(children[0].publisher.send(1) == .max(1))
      #expect(children[1].publisher.send(1) == .none)
    default:
      #expect(children[0].publisher.send(1) == .max(1))
      #expect(children[1].publisher.send(1) == .max(1))
    }
    for child in children { #expect(child.subscription.history == expectedHistory) }
    let delivered = initialDemand == .max(1) ? 1 : 2
    #expect(tracker.values == Array(repeating: 1, count: delivered))
  }

  @Test func waitingValueIsDeliveredOnRequestAndItsUpstreamAskedAgain() {
    let (children, merged) = Self.make(2)
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .max(1))
    merged.subscribe(tracker)
    #expect(children[0].publisher.send(100) == .max(1))
    #expect(children[1].publisher.send(1) == .none)
    #expect(children[0].publisher.send(200) == .none)
    #expect(children[0].publisher.send(300) == .none)
    #expect(children[1].publisher.send(2) == .none)
    #expect(tracker.history == [.subscription("Merge"), .value(100)])
    tracker.request(.max(1))
    // The first upstream's latest waiting value goes first.
    #expect(tracker.history == [.subscription("Merge"), .value(100), .value(300)])
    #expect(children[0].subscription.history == [.requested(.max(1)), .requested(.max(1))])
    tracker.request(.max(1))
    #expect(tracker.values == [100, 300, 2])
    #expect(children[1].subscription.history == [.requested(.max(1)), .requested(.max(1))])
  }

  @Test func finishWaitsForWaitingValues() {
    let (children, merged) = Self.make(2)
    let tracker = TrackingSubscriber<Int, TestingError>()
    merged.subscribe(tracker)
    children[0].publisher.send(1)
    children[0].publisher.send(completion: .finished)
    children[1].publisher.send(completion: .finished)
    #expect(tracker.history == [.subscription("Merge")])
    tracker.request(.max(1))
    #expect(tracker.history == [.subscription("Merge"), .value(1), .finished])
  }

  @Test func relays() {
    let a = PassthroughRelay<Int>()
    let b = CurrentValueRelay(0)
    var received: [Int] = []
    let cancellable = a.merge(with: b).sink { received.append($0) }
    a.send(1)
    b.send(2)
    a.send(3)
    #expect(received == [0, 1, 2, 3])
    _ = cancellable
  }

  @Test func mergingTwoOfOneTypeMakesAMergeMany() {
    let a = PassthroughRelay<Int>()
    let b = PassthroughRelay<Int>()
    let merged: Publishers.MergeMany<PassthroughRelay<Int>> = a.merge(with: b)
    #expect(merged.publishers.count == 2)
    let threeOfThem = merged.merge(with: PassthroughRelay<Int>())
    #expect(threeOfThem.publishers.count == 3)
  }

  @Test func mergeManyWithNothingFinishes() {
    let tracker = TrackingSubscriber<Int, Never>()
    Publishers.MergeMany([Just<Int>]()).subscribe(tracker)
    #expect(tracker.history == [.subscription("Empty"), .finished])
    var values: [Int] = []
    _ = Publishers.MergeMany(Just(1), Just(2)).merge(with: Just(3)).sink { values.append($0) }
    #expect(values == [1, 2, 3])
  }

  @Test func requestingNoneStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let tracker = TrackingSubscriber<Int, Never>(receiveSubscription: { $0.request(.none) })
      Just(1).merge(with: Just(2)).subscribe(tracker)
    }
  }
}
