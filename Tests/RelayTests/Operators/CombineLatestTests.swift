import Relay
import TestSupport
import Testing

/// OpenCombine's `CombineLatestTests`, ported, for arities two to four.
///
/// One deliberate difference: a value arriving while the downstream is being called makes its
/// tuple after the current one (Combine drops it); Relay's relays queue such values the same
/// way.
@Suite struct CombineLatestTests {
  /// `arity` hand-driven upstreams combined into their sum.
  static func make(_ arity: Int) -> ([HandDrivenUpstream], AnyPublisher<Int, TestingError>) {
    HandDrivenUpstream.make(arity) { p in
      switch arity {
      case 2: p[0].combineLatest(p[1]) { $0 + $1 }.eraseToAnyPublisher()
      case 3: p[0].combineLatest(p[1], p[2]) { $0 + $1 + $2 }.eraseToAnyPublisher()
      default: p[0].combineLatest(p[1], p[2], p[3]) { $0 + $1 + $2 + $3 }.eraseToAnyPublisher()
      }
    }
  }

  @Test(arguments: 2...4) func sendsTheSumOnceEachHasAValue(arity: Int) {
    expectOneValueEachMakesTheirSum(arity: arity, subscriptionName: "CombineLatest", Self.make)
  }

  @Test(arguments: [Subscribers.Demand.unlimited, .max(1)])
  func requestsPassToEveryUpstream(initialDemand: Subscribers.Demand) {
    expectRequestsPassToEveryUpstream(
      initialDemand: initialDemand, subscriptionName: "CombineLatest"
    ) {
      Self.make(2)
    }
  }

  @Test(arguments: [Subscribers.Demand.unlimited, .max(10)])
  func requestFromInsideAValuePassesToEveryUpstream(initialDemand: Subscribers.Demand) {
    let (children, combined) = Self.make(2)
    let tracker = Tracker<Int, TestingError>(demand: initialDemand) { subscription in
      subscription.request(.max(666))
      return .none
    }
    combined.subscribe(tracker)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[1].publisher.send(1) == .none)
    for child in children {
      #expect(child.subscription.history == [.requested(initialDemand), .requested(.max(666))])
    }
  }

  @Test func valueFromInsideTheDownstreamMakesTheNextTuple() {
    let (children, combined) = Self.make(2)
    var reentered = false
    let tracker = Tracker<Int, TestingError>(
      receiveSubscription: { $0.request(.unlimited) },
      receiveValue: { _ in
        if !reentered {
          reentered = true
          #expect(children[0].publisher.send(5) == .none)
        }
        return .none
      })
    combined.subscribe(tracker)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[1].publisher.send(1) == .none)
    // Combine drops the tuple of the reentrant value; Relay delivers it after the current one.
    #expect(tracker.history == [.subscription("CombineLatest"), .value(2), .value(6)])
  }

  @Test func finishFromInsideTheDownstreamWaitsForTheOthers() {
    let (children, combined) = Self.make(2)
    let tracker = Tracker<Int, TestingError>(
      receiveSubscription: { $0.request(.unlimited) },
      receiveValue: { _ in
        children[0].publisher.send(completion: .finished)
        return .none
      })
    combined.subscribe(tracker)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[1].publisher.send(1) == .none)
    #expect(tracker.history == [.subscription("CombineLatest"), .value(2)])
  }

  @Test func finishesOnlyAfterEveryUpstreamFinished() {
    let upstream = TestSubscription()
    let child1 = TestPublisher<Int, TestingError>(subscription: upstream)
    let child2 = TestPublisher<Int, TestingError>(subscription: upstream)
    let tracker = Tracker<Int, TestingError>(demand: .unlimited)
    child1.combineLatest(child2) { $0 + $1 }.subscribe(tracker)
    #expect(child1.send(100) == .none)
    #expect(child1.send(200) == .none)
    #expect(child1.send(300) == .none)
    #expect(child2.send(1) == .none)
    child1.send(completion: .finished)
    #expect(tracker.history == [.subscription("CombineLatest"), .value(301)])
    #expect(child2.send(2) == .none)
    #expect(child2.send(3) == .none)
    child2.send(completion: .finished)
    #expect(
      tracker.history == [
        .subscription("CombineLatest"), .value(301), .value(302), .value(303), .finished,
      ])
    #expect(upstream.history == [.requested(.unlimited), .requested(.unlimited)])
  }

  @Test func valuesBeyondDemandOnlyUpdateTheLatest() {
    let (children, combined) = Self.make(2)
    let tracker = Tracker<Int, TestingError>(demand: .max(1))
    combined.subscribe(tracker)
    #expect(children[0].publisher.send(100) == .none)
    #expect(children[1].publisher.send(1) == .none)
    #expect(tracker.history == [.subscription("CombineLatest"), .value(101)])
    #expect(children[0].publisher.send(200) == .none)
    #expect(children[0].publisher.send(300) == .none)
    #expect(children[1].publisher.send(2) == .none)
    #expect(tracker.history == [.subscription("CombineLatest"), .value(101)])
    #expect(children[1].publisher.send(3) == .none)
    tracker.request(.max(1))
    // No tuple is owed for values that found no demand; the next value makes one.
    #expect(tracker.history == [.subscription("CombineLatest"), .value(101)])
    #expect(children[0].publisher.send(400) == .none)
    #expect(tracker.history == [.subscription("CombineLatest"), .value(101), .value(403)])
  }

  @Test(arguments: 2...4) func oneFinishingWithoutAValueDoesNotEndIt(arity: Int) {
    for childToFinish in 0..<arity {
      let (children, combined) = Self.make(arity)
      let tracker = Tracker<Int, TestingError>(demand: .unlimited)
      combined.subscribe(tracker)
      children[childToFinish].publisher.send(completion: .finished)
      #expect(tracker.history == [.subscription("CombineLatest")])
      for child in children { #expect(child.subscription.history == [.requested(.unlimited)]) }
      for (index, child) in children.enumerated() where index != childToFinish {
        child.publisher.send(completion: .finished)
      }
      #expect(tracker.history == [.subscription("CombineLatest"), .finished])
    }
  }

  @Test func failureCancelsTheOthers() {
    let (children, combined) = Self.make(2)
    let tracker = Tracker<Int, TestingError>(demand: .unlimited)
    combined.subscribe(tracker)
    children[0].publisher.send(100)
    children[0].publisher.send(completion: .failure(.oops))
    children[1].publisher.send(1)
    children[0].publisher.send(completion: .finished)
    children[1].publisher.send(completion: .failure(.boom))
    #expect(tracker.history == [.subscription("CombineLatest"), .failure(.oops)])
    #expect(children[0].subscription.history == [.requested(.unlimited)])
    #expect(children[1].subscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test func completionsAfterTheEndAreIgnored() {
    let a = TestSubject<Int, TestingError>()
    let b = TestSubject<Int, TestingError>()
    let tracker = Tracker<Int, TestingError>(demand: .unlimited)
    a.combineLatest(b) { $0 + $1 }.subscribe(tracker)
    a.send(100)
    a.send(completion: .finished)
    a.send(200)
    b.send(1)
    b.send(completion: .finished)
    #expect(tracker.history == [.subscription("CombineLatest"), .value(101), .finished])
  }

  @Test func secondSubscriptionOfAnUpstreamIsCancelled() {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let other = TestSubject<Int, TestingError>()
    let tracker = Tracker<(Int, Int), TestingError>()
    publisher.combineLatest(other).subscribe(tracker)
    #expect(subscription.history == [])
    let second = TestSubscription()
    publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
    publisher.send(subscription: subscription)
    #expect(subscription.history == [.cancelled])
    tracker.cancel()
    #expect(subscription.history == [.cancelled, .cancelled])
    #expect(other.subscriberCount == 0)
  }

  @Test func currentValueRelaysCombineAtOnce() {
    let a = CurrentValueRelay(1)
    let b = CurrentValueRelay("x")
    var received: [String] = []
    let cancellable = a.combineLatest(b).sink { received.append("\($0)\($1)") }
    a.send(2)
    b.send("y")
    #expect(received == ["1x", "2x", "2y"])
    _ = cancellable
  }

  @Test func sequencePublishersCombine() {
    let tracker = Tracker<Int, Never>(demand: .unlimited)
    [42].publisher.combineLatest(Just(1)) { $0 + $1 }.subscribe(tracker)
    #expect(tracker.history == [.subscription("CombineLatest"), .value(43), .finished])
  }

  @Test func documentationExample() {
    let pub = TestSubject<Int, Never>()
    let pub2 = TestSubject<Int, Never>()
    let pub3 = TestSubject<Int, Never>()
    let pub4 = TestSubject<Int, Never>()
    let tracker = Tracker<Int, Never>(demand: .unlimited)
    pub.combineLatest(pub2, pub3, pub4) { $0 * $1 * $2 * $3 }.subscribe(tracker)
    pub.send(1)
    pub.send(2)
    pub2.send(2)
    pub3.send(9)
    #expect(tracker.values == [])
    pub4.send(1)
    pub.send(3)
    pub2.send(12)
    pub.send(13)
    pub3.send(19)
    #expect(tracker.values == [36, 54, 324, 1404, 2964])
  }

  @Test func equatable() {
    let numbers = Just(1)
    let letters = Just("A")
    #expect(numbers.combineLatest(letters) == Publishers.CombineLatest(numbers, letters))
    #expect(numbers.combineLatest(letters) != Publishers.CombineLatest(numbers, Just("B")))
    #expect(
      numbers.combineLatest(letters, Just(1.0))
        == Publishers.CombineLatest3(numbers, letters, Just(1.0)))
    #expect(
      numbers.combineLatest(letters, Just(1.0), Just(true))
        != Publishers.CombineLatest4(numbers, letters, Just(1.0), Just(false)))
  }

  @Test func cancelReleasesTheLatestValuesAndStopsDeliveries() {
    final class Box: Sendable {
      let onDeinit: @Sendable () -> Void
      init(onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
      deinit { onDeinit() }
    }
    let released = Locked(0)
    let a = PassthroughRelay<Box>()
    let b = PassthroughRelay<Int>()
    let tracker = Tracker<(Box, Int), Never>(demand: .unlimited)
    a.combineLatest(b).subscribe(tracker)
    a.send(Box { released.withLock { $0 += 1 } })
    #expect(released.withLock { $0 } == 0)
    tracker.cancel()
    #expect(released.withLock { $0 } == 1)
    b.send(1)
    #expect(tracker.values.isEmpty)
  }

  @Test func printNamesTheSubscription() {
    let recorder = LineRecorder()
    let cancellable = Just(1).combineLatest(Just(2)).print("P", to: recorder).sink { _ in }
    #expect(
      recorder.lines == [
        "P: receive subscription: (CombineLatest)", "P: request unlimited",
        "P: receive value: ((1, 2))", "P: receive finished",
      ])
    _ = cancellable
  }

  @Test func requestingNoneStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let tracker = Tracker<(Int, Int), Never>(receiveSubscription: { $0.request(.none) })
      Just(1).combineLatest(Just(2)).subscribe(tracker)
    }
  }
}
