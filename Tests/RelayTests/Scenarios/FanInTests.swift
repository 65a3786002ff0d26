import Relay
import RelayTestSupport
import Testing

/// An operator that subscribes to several hand-driven upstreams of `Int`: `combineLatest` and
/// `zip` publish the sum of each tuple, `merge` the values themselves.
enum FanInOperator: CaseIterable, CustomTestStringConvertible, Sendable {
  case combineLatest
  case zip
  case merge

  var testDescription: String { subscriptionName }

  /// How `print` names the operator's subscription.
  var subscriptionName: String {
    switch self {
    case .combineLatest: "CombineLatest"
    case .zip: "Zip"
    case .merge: "Merge"
    }
  }

  /// `arity` hand-driven upstreams, two to four, and the operator on their publishers.
  func make(_ arity: Int) -> ([HandDrivenUpstream], AnyPublisher<Int, TestingError>) {
    precondition((2...4).contains(arity), "FanInOperator.make: arity \(arity) is not 2, 3 or 4")
    return HandDrivenUpstream.make(arity) { p in
      switch (self, arity) {
      case (.combineLatest, 2): p[0].combineLatest(p[1]) { $0 + $1 }.eraseToAnyPublisher()
      case (.combineLatest, 3):
        p[0].combineLatest(p[1], p[2]) { $0 + $1 + $2 }.eraseToAnyPublisher()
      case (.combineLatest, _):
        p[0].combineLatest(p[1], p[2], p[3]) { $0 + $1 + $2 + $3 }.eraseToAnyPublisher()
      case (.zip, 2): p[0].zip(p[1]) { $0 + $1 }.eraseToAnyPublisher()
      case (.zip, 3): p[0].zip(p[1], p[2]) { $0 + $1 + $2 }.eraseToAnyPublisher()
      case (.zip, _): p[0].zip(p[1], p[2], p[3]) { $0 + $1 + $2 + $3 }.eraseToAnyPublisher()
      case (.merge, 2): Publishers.Merge(p[0], p[1]).eraseToAnyPublisher()
      case (.merge, 3): p[0].merge(with: p[1], p[2]).eraseToAnyPublisher()
      case (.merge, _): p[0].merge(with: p[1], p[2], p[3]).eraseToAnyPublisher()
      }
    }
  }

  /// `tracker` subscribed to the operator on two hand-driven upstreams, which it returns.
  func subscribe(_ tracker: TrackingSubscriber<Int, TestingError>) -> [HandDrivenUpstream] {
    let (upstreams, published) = make(2)
    published.subscribe(tracker)
    return upstreams
  }

  /// What the downstream receives when the first upstream sends `first`, then the second
  /// sends `second`, with unlimited demand: a tuple's sum, or both values.
  func published(_ first: Int, then second: Int) -> [TrackingSubscriber<Int, TestingError>.Event] {
    self == .merge ? [.value(first), .value(second)] : [.value(first + second)]
  }
}

/// What `combineLatest`, `zip` and `merge` do alike, checked on each with two upstreams: the
/// rules every operator with numbered upstreams shares (OpenCombine's tests of each, ported).
@Suite struct FanInTests {
  @Test(arguments: [FanInOperator.combineLatest, .zip], 2...4)
  func oneValueOfEachUpstreamMakesATuple(_ fanIn: FanInOperator, arity: Int) {
    expectOneValueEachMakesTheirSum(
      arity: arity, subscriptionName: fanIn.subscriptionName, fanIn.make)
  }

  @Test(arguments: [FanInOperator.combineLatest, .zip], [Subscribers.Demand.unlimited, .max(1)])
  func requestsPassToEveryUpstream(_ fanIn: FanInOperator, initialDemand: Subscribers.Demand) {
    expectRequestsPassToEveryUpstream(
      initialDemand: initialDemand, subscriptionName: fanIn.subscriptionName
    ) { fanIn.make(2) }
  }

  @Test(arguments: FanInOperator.allCases)
  func finishesOnceNothingMoreCanBePublished(_ fanIn: FanInOperator) {
    // Each operator's rule for the same events: `combineLatest` and `merge` finish when every
    // upstream finished; `zip` as soon as an upstream finished with no value waiting.
    let (whenTheFirstFinished, published): ([Int], [Int]) =
      switch fanIn {
      case .combineLatest: ([301], [301, 302, 303])
      case .zip: ([101], [101, 202, 303])
      case .merge: ([100, 200, 300, 1], [100, 200, 300, 1, 2, 3])
      }
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    let children = fanIn.subscribe(tracker)
    let (first, second) = (children[0].publisher, children[1].publisher)
    for value in [100, 200, 300] { #expect(first.send(value) == .none) }
    #expect(second.send(1) == .none)
    first.send(completion: .finished)
    let name = TrackingSubscriber<Int, TestingError>.Event.subscription(fanIn.subscriptionName)
    #expect(tracker.history == [name] + whenTheFirstFinished.map { .value($0) })
    #expect(second.send(2) == .none)
    #expect(second.send(3) == .none)
    if fanIn == .zip {
      // The third tuple used the last value waiting: zip finishes before the second upstream.
      #expect(tracker.history == [name] + published.map { .value($0) } + [.finished])
    }
    second.send(completion: .finished)
    #expect(tracker.history == [name] + published.map { .value($0) } + [.finished])
    #expect(children[0].subscription.history == [.requested(.unlimited)])
    // Only `zip` ends early, cancelling the upstream that had not finished.
    let cancelled: [TestSubscription.Event] = fanIn == .zip ? [.cancelled] : []
    #expect(children[1].subscription.history == [.requested(.unlimited)] + cancelled)
  }

  @Test(arguments: [FanInOperator.combineLatest, .zip])
  func valuesBeyondDemandWaitOrOnlyUpdateTheLatest(_ fanIn: FanInOperator) {
    // `zip` keeps every value for a later tuple (Combine sends the surplus despite no demand);
    // `combineLatest` only keeps the latest, and owes no tuple for values that found no demand.
    let (whenAsked, atTheEnd) =
      fanIn == .zip ? ([101, 202], [101, 202, 303]) : ([101], [101, 403])
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .max(1))
    let children = fanIn.subscribe(tracker)
    #expect(children[0].publisher.send(100) == .none)
    #expect(children[1].publisher.send(1) == .none)
    let name = TrackingSubscriber<Int, TestingError>.Event.subscription(fanIn.subscriptionName)
    #expect(tracker.history == [name, .value(101)])
    #expect(children[0].publisher.send(200) == .none)
    #expect(children[0].publisher.send(300) == .none)
    #expect(children[1].publisher.send(2) == .none)
    #expect(children[1].publisher.send(3) == .none)
    #expect(tracker.history == [name, .value(101)])
    tracker.request(.max(1))
    #expect(tracker.history == [name] + whenAsked.map { .value($0) })
    #expect(children[0].publisher.send(400) == .none)
    tracker.request(.max(5))
    #expect(tracker.history == [name] + atTheEnd.map { .value($0) })
  }

  @Test(arguments: [FanInOperator.combineLatest, .zip], 2...4)
  func anUpstreamFinishingWithoutAValue(_ fanIn: FanInOperator, arity: Int) {
    // `zip` can make no more tuple and finishes at once, cancelling the others;
    // `combineLatest` waits for every upstream to finish.
    let endsAtOnce = fanIn == .zip
    for childToFinish in 0..<arity {
      let (children, combined) = fanIn.make(arity)
      let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
      combined.subscribe(tracker)
      children[childToFinish].publisher.send(completion: .finished)
      let name = TrackingSubscriber<Int, TestingError>.Event.subscription(fanIn.subscriptionName)
      #expect(tracker.history == [name] + (endsAtOnce ? [.finished] : []))
      for (index, child) in children.enumerated() where index != childToFinish {
        child.publisher.send(completion: .finished)
      }
      #expect(tracker.history == [name, .finished])
      for (index, child) in children.enumerated() {
        let cancelled = endsAtOnce && index != childToFinish
        #expect(
          child.subscription.history == [.requested(.unlimited)] + (cancelled ? [.cancelled] : []))
      }
    }
  }

  @Test(arguments: FanInOperator.allCases)
  func failureCancelsTheOtherUpstreams(_ fanIn: FanInOperator) {
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    let children = fanIn.subscribe(tracker)
    children[0].publisher.send(100)
    children[0].publisher.send(completion: .failure(.oops))
    children[1].publisher.send(1)
    children[0].publisher.send(completion: .finished)
    children[1].publisher.send(completion: .failure(.boom))
    let delivered: [TrackingSubscriber<Int, TestingError>.Event] =
      fanIn == .merge ? [.value(100)] : []
    #expect(
      tracker.history == [.subscription(fanIn.subscriptionName)] + delivered + [.failure(.oops)])
    // As in Combine, `combineLatest` leaves the failed upstream alone; the others cancel it too.
    let failedIsCancelled = fanIn != .combineLatest
    #expect(
      children[0].subscription.history
        == [.requested(.unlimited)] + (failedIsCancelled ? [.cancelled] : []))
    #expect(children[1].subscription.history == [.requested(.unlimited), .cancelled])
  }

  @Test(arguments: FanInOperator.allCases)
  func eventsOfAnUpstreamThatFinishedAreIgnored(_ fanIn: FanInOperator) {
    let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
    let children = fanIn.subscribe(tracker)
    children[0].publisher.send(100)
    children[0].publisher.send(completion: .finished)
    children[0].publisher.send(200)
    children[1].publisher.send(1)
    children[1].publisher.send(completion: .finished)
    children[0].publisher.send(completion: .failure(.oops))
    #expect(
      tracker.history
        == [.subscription(fanIn.subscriptionName)] + fanIn.published(100, then: 1) + [.finished])
  }

  @Test(arguments: FanInOperator.allCases)
  func secondSubscriptionOfAnUpstreamIsCancelled(_ fanIn: FanInOperator) {
    let tracker = TrackingSubscriber<Int, TestingError>()
    let children = fanIn.subscribe(tracker)
    // `merge` asks each upstream for one value at a time, demand or not.
    let asked: [TestSubscription.Event] = fanIn == .merge ? [.requested(.max(1))] : []
    #expect(children[0].subscription.history == asked)
    let second = TestSubscription()
    children[0].publisher.send(subscription: second)
    #expect(second.history == [.cancelled])
    // The same subscription again is a second subscription too.
    children[0].publisher.send(subscription: children[0].subscription)
    #expect(children[0].subscription.history == asked + [.cancelled])
    tracker.cancel()
    #expect(children[0].subscription.history == asked + [.cancelled, .cancelled])
    #expect(children[1].subscription.history == asked + [.cancelled])
  }

  @Test(arguments: FanInOperator.allCases)
  func completionFromInsideTheDownstreamIsTheLastEvent(_ fanIn: FanInOperator) {
    let (children, combined) = fanIn.make(2)
    let tracker = TrackingSubscriber<Int, TestingError>(demandingAll: { _ in
      for child in children { child.publisher.send(completion: .finished) }
    })
    combined.subscribe(tracker)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[1].publisher.send(1) == .none)
    let first = fanIn == .merge ? 1 : 2
    #expect(tracker.history == [.subscription(fanIn.subscriptionName), .value(first), .finished])
  }

  @Test(arguments: [FanInOperator.combineLatest, .zip])
  func valueFromInsideTheDownstreamMakesItsTupleAfterTheCurrentOne(_ fanIn: FanInOperator) {
    let (children, combined) = fanIn.make(2)
    var reentered = false
    let tracker = TrackingSubscriber<Int, TestingError>(demandingAll: { _ in
      guard !reentered else { return }
      reentered = true
      #expect(children[0].publisher.send(5) == .none)
    })
    combined.subscribe(tracker)
    #expect(children[0].publisher.send(1) == .none)
    #expect(children[1].publisher.send(1) == .none)
    #expect(children[1].publisher.send(1) == .none)
    // Combine drops the tuple the reentrant value makes; Relay delivers it after the current
    // one. `zip` pairs the value with the other upstream's next one.
    let sums = fanIn == .combineLatest ? [2, 6, 6] : [2, 6]
    #expect(
      tracker.history == [.subscription(fanIn.subscriptionName)] + sums.map { .value($0) })
  }

  /// After delivering a value that waited, the operator passes the demand the downstream
  /// returned to its upstreams.
  ///
  /// A cancel made from inside one of those requests ends the deliveries: the next waiting value
  /// never reaches the downstream after `cancel()` returned. (The first value goes through the
  /// operator's direct path, the second through the queue.)
  @Test(arguments: FanInOperator.allCases)
  func cancellingFromInsideAnUpstreamsRequestEndsTheDeliveries(_ fanIn: FanInOperator) {
    let (children, combined) = fanIn.make(2)
    // merge asks each upstream for one value at a time: a waiting value needs the demand the
    // downstream returns. The others make a tuple against the demand left. Each of the first
    // two values sends another from inside, which waits behind that delivery.
    let downstream = CancellingFromRequest(
      demand: .max(fanIn == .merge ? 1 : 2), armedAfter: 2, upstreams: children.map(\.subscription),
      onValue: { count in
        let sender = fanIn == .merge && count == 1 ? 1 : 0
        if count < 3 { _ = children[sender].publisher.send(count + 1) }
      })
    combined.subscribe(downstream.tracker)
    switch fanIn {
    case .combineLatest: _ = children[1].publisher.send(0)
    case .zip: for value in [0, 5, 6] { _ = children[1].publisher.send(value) }
    case .merge: break
    }
    _ = children[0].publisher.send(1)
    #expect(downstream.log == downstream.expected)
  }
}
