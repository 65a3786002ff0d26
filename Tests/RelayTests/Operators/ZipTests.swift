import Relay
import Testing

/// OpenCombine's `ZipTests`, ported, for arities two to four.
///
/// Deliberate differences, each documented on `Publishers.Zip`: tuples only against demand
/// (Combine sends surplus tuples); demand returned from a value is requested from every
/// upstream; a tuple completed from inside the downstream follows the current one.
@Suite struct ZipTests {
  static func make(_ arity: Int) -> ([HandDrivenUpstream], AnyPublisher<Int, TestingError>) {
    HandDrivenUpstream.make(arity) { p in
      switch arity {
      case 2: p[0].zip(p[1]) { $0 + $1 }.eraseToAnyPublisher()
      case 3: p[0].zip(p[1], p[2]) { $0 + $1 + $2 }.eraseToAnyPublisher()
      default: p[0].zip(p[1], p[2], p[3]) { $0 + $1 + $2 + $3 }.eraseToAnyPublisher()
      }
    }
  }

  @Test(arguments: 2...4) func sendsOneTupleOfOneValueEach(arity: Int) {
    expectOneValueEachMakesTheirSum(arity: arity, subscriptionName: "Zip", Self.make)
  }

  @Test(arguments: [Subscribers.Demand.unlimited, .max(1)])
  func requestsPassToEveryUpstream(initialDemand: Subscribers.Demand) {
    expectRequestsPassToEveryUpstream(initialDemand: initialDemand, subscriptionName: "Zip") {
      Self.make(2)
    }
  }

  @Test func valueFromInsideTheDownstreamWaitsForItsPartner() {
    let (children, zipped) = Self.make(2)
    var reentered = false
    let tracker = Tracker<Int, TestingError>(
      receiveSubscription: { $0.request(.unlimited) },
      receiveValue: { _ in
        if !reentered {
          reentered = true
          #expect(children[0].publisher.send(1) == .none)
        }
        return .none
      })
    zipped.subscribe(tracker)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[1].publisher.send(1) == .none)
    #expect(tracker.history == [.subscription("Zip"), .value(2)])
    #expect(children[1].publisher.send(5) == .none)
    #expect(tracker.history == [.subscription("Zip"), .value(2), .value(6)])
  }

  @Test func finishesWhenNoMoreTupleCanBeMade() {
    let upstream = TestSubscription()
    let child1 = TestPublisher<Int, TestingError>(subscription: upstream)
    let child2 = TestPublisher<Int, TestingError>(subscription: upstream)
    let tracker = Tracker<Int, TestingError>(demand: .unlimited)
    child1.zip(child2) { $0 + $1 }.subscribe(tracker)
    #expect(child1.send(100) == .none)
    #expect(child1.send(200) == .none)
    #expect(child1.send(300) == .none)
    #expect(child2.send(1) == .none)
    child1.send(completion: .finished)
    #expect(tracker.history == [.subscription("Zip"), .value(101)])
    #expect(child2.send(2) == .none)
    #expect(child2.send(3) == .none)
    #expect(
      tracker.history == [.subscription("Zip"), .value(101), .value(202), .value(303), .finished])
    child2.send(completion: .finished)
    #expect(tracker.completions.count == 1)
    #expect(upstream.history == [.requested(.unlimited), .requested(.unlimited), .cancelled])
  }

  @Test func surplusWaitsForDemand() {
    let (children, zipped) = Self.make(2)
    let tracker = Tracker<Int, TestingError>(demand: .max(1))
    zipped.subscribe(tracker)
    #expect(children[0].publisher.send(100) == .none)
    #expect(children[1].publisher.send(1) == .none)
    #expect(tracker.history == [.subscription("Zip"), .value(101)])
    #expect(children[0].publisher.send(200) == .none)
    #expect(children[0].publisher.send(300) == .none)
    #expect(children[1].publisher.send(2) == .none)
    // Combine sends 202 here despite no demand; Relay waits for the request.
    #expect(tracker.history == [.subscription("Zip"), .value(101)])
    #expect(children[1].publisher.send(3) == .none)
    tracker.request(.max(1))
    #expect(tracker.history == [.subscription("Zip"), .value(101), .value(202)])
    tracker.request(.max(5))
    #expect(tracker.history == [.subscription("Zip"), .value(101), .value(202), .value(303)])
  }

  @Test(arguments: 2...4) func finishesAtOnceWhenAnEmptyUpstreamFinishes(arity: Int) {
    for childToFinish in 0..<arity {
      let (children, zipped) = Self.make(arity)
      let tracker = Tracker<Int, TestingError>(demand: .unlimited)
      zipped.subscribe(tracker)
      children[childToFinish].publisher.send(completion: .finished)
      #expect(tracker.history == [.subscription("Zip"), .finished])
      for (index, child) in children.enumerated() {
        #expect(
          child.subscription.history
            == (index == childToFinish
              ? [.requested(.unlimited)] : [.requested(.unlimited), .cancelled]))
      }
    }
  }

  @Test(arguments: 2...4) func anUpstreamWithASurplusFinishesLater(arity: Int) {
    for childToSend in 0..<arity {
      for childToFinish in 0..<arity {
        let (children, zipped) = Self.make(arity)
        let tracker = Tracker<Int, TestingError>(demand: .unlimited)
        zipped.subscribe(tracker)
        children[childToSend].publisher.send(666)
        children[childToFinish].publisher.send(completion: .finished)
        if childToSend == childToFinish {
          #expect(tracker.history == [.subscription("Zip")])
          for (index, child) in children.enumerated() where index != childToFinish {
            child.publisher.send(completion: .finished)
          }
        }
        #expect(tracker.history == [.subscription("Zip"), .finished])
      }
    }
  }

  @Test func failureCancelsEveryUpstream() {
    let (children, zipped) = Self.make(2)
    let tracker = Tracker<Int, TestingError>(demand: .unlimited)
    zipped.subscribe(tracker)
    children[0].publisher.send(completion: .failure(.oops))
    children[1].publisher.send(1)
    children[0].publisher.send(completion: .finished)
    #expect(tracker.history == [.subscription("Zip"), .failure(.oops)])
    #expect(children[0].subscription.history == [.requested(.unlimited), .cancelled])
    #expect(children[1].subscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test func secondSubscriptionIsCancelled() {
    let subscription = TestSubscription()
    let publisher = TestPublisher<Int, TestingError>(subscription: subscription)
    let tracker = Tracker<(Int, Int), TestingError>()
    publisher.zip(TestSubject<Int, TestingError>()).subscribe(tracker)
    let second = TestSubscription()
    publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
    tracker.cancel()
    #expect(subscription.history == [.cancelled])
  }

  @Test func relaysAndSequences() {
    let letters = PassthroughRelay<String>()
    var received: [String] = []
    let cancellable = (1...3).publisher.zip(letters).sink { received.append("\($0)\($1)") }
    letters.send("a")
    letters.send("b")
    #expect(received == ["1a", "2b"])
    _ = cancellable
  }

  @Test func equatable() {
    #expect(Just(1).zip(Just("a")) == Publishers.Zip(Just(1), Just("a")))
    #expect(Just(1).zip(Just(2), Just(3)) == Publishers.Zip3(Just(1), Just(2), Just(3)))
    #expect(
      Just(1).zip(Just(2), Just(3), Just(4)) != Publishers.Zip4(Just(1), Just(2), Just(3), Just(5)))
  }
}
