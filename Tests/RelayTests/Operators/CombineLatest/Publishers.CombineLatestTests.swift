import Relay
import RelayTestSupport
import TestSupport
import Testing

/// OpenCombine's `CombineLatestTests`, ported, for arities two to four; the cases
/// `combineLatest` shares with `zip` and `merge` are in `FanInTests`.
///
/// One deliberate difference: a value arriving while the downstream is being called makes its
/// tuple after the current one (Combine drops it); Relay's relays queue such values the same
/// way.
@Suite struct CombineLatestTests {
  @Test(arguments: [Subscribers.Demand.unlimited, .max(10)])
  func requestFromInsideAValuePassesToEveryUpstream(initialDemand: Subscribers.Demand) {
    let (children, combined) = FanInOperator.combineLatest.make(2)
    let tracker = TrackingSubscriber<Int, TestingError>(demand: initialDemand) { subscription in
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

  @Test func finishFromInsideTheDownstreamWaitsForTheOthers() {
    let (children, combined) = FanInOperator.combineLatest.make(2)
    let tracker = TrackingSubscriber<Int, TestingError>(demandingAll: { _ in
      children[0].publisher.send(completion: .finished)
    })
    combined.subscribe(tracker)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[1].publisher.send(1) == .none)
    #expect(tracker.history == [.subscription("CombineLatest"), .value(2)])
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
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
    [42].publisher.combineLatest(Just(1)) { $0 + $1 }.subscribe(tracker)
    #expect(tracker.history == [.subscription("CombineLatest"), .value(43), .finished])
  }

  @Test func documentationExample() {
    let pub = TestSubject<Int, Never>()
    let pub2 = TestSubject<Int, Never>()
    let pub3 = TestSubject<Int, Never>()
    let pub4 = TestSubject<Int, Never>()
    let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
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
    let tracker = TrackingSubscriber<(Box, Int), Never>(demand: .unlimited)
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
      let tracker = TrackingSubscriber<(Int, Int), Never>(receiveSubscription: {
        $0.request(.none)
      })
      Just(1).combineLatest(Just(2)).subscribe(tracker)
    }
  }
}
