import Relay
import Testing

/// OpenCombine's `PassthroughSubjectTests` (Combine's outcomes) that apply to a relay.
///
/// Where Relay differs, deliberately: a relay is named `PassthroughRelay` (its subscription
/// is still named `PassthroughSubject`, as in Combine's logs), never completes and cannot be
/// sent a subscription, so the cases about completion, `send(subscription:)` and reflection
/// have no counterpart here. A value sent from inside a subscriber is queued and delivered
/// after the current value has reached every subscriber, where Combine delivers it
/// recursively (`PassthroughRelayTests` and `CurrentValueRelayTests` pin that down).
@Suite struct PassthroughRelayOpenCombineTests {
  typealias Tracking = HistorySubscriber<Int, Never>

  /// The Reactive Streams rules 1, 2 and 9 table: the number of values a subscriber receives
  /// for each initial demand and each sequence of demands returned from values.
  @Test func requestingDemand() {
    let initialDemands: [Subscribers.Demand?] = [nil, .max(1), .max(2), .max(10), .unlimited]
    let subsequentDemands: [[Subscribers.Demand]] = [
      Array(repeating: .max(0), count: 5),
      Array(repeating: .max(1), count: 10),
      [.max(1), .max(0), .max(1), .max(0)],
      [.max(0), .max(1), .max(2)],
      [.unlimited, .max(1)],
    ]
    var counts: [Int] = []
    for initialDemand in initialDemands {
      for subsequent in subsequentDemands {
        var inputs: [Int] = []
        var subscriptions = 0
        var index = 0
        let relay = PassthroughRelay<Int>()
        let subscriber = AnySubscriber<Int, Never>(
          receiveSubscription: { subscription in
            subscriptions += 1
            if let initialDemand { subscription.request(initialDemand) }
          },
          receiveValue: { value in
            defer { index += 1 }
            inputs.append(value)
            return index < subsequent.endIndex ? subsequent[index] : .none
          },
          receiveCompletion: { _ in Issue.record("a relay never completes") })
        relay.subscribe(subscriber)
        #expect(subscriptions == 1)
        #expect(inputs.isEmpty)
        for value in 0..<20 { relay.send(value) }
        counts.append(inputs.count)
      }
    }
    #expect(
      counts == [
        0, 0, 0, 0, 0, 1, 11, 2, 1, 20, 2, 12, 4, 5, 20, 10, 20, 12, 13, 20, 20, 20, 20, 20, 20,
      ])
  }

  @Test func requestingNoneStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      PassthroughRelay<Int>().subscribe(Tracking(receiveSubscription: { $0.request(.none) }))
    }
  }

  /// A subscriber that subscribes itself again from `receive(subscription:)`, ten times deep;
  /// then every other subscription is cancelled.
  @Test func subscribingAgainFromReceiveSubscription() {
    final class Resubscriber: Subscriber {
      typealias Input = Int
      typealias Failure = Never
      let relay: PassthroughRelay<Int>
      var subscriptions: [any Subscription] = []
      var inputs: [Int] = []
      init(relay: PassthroughRelay<Int>) { self.relay = relay }
      func receive(subscription: any Subscription) {
        subscription.request(.unlimited)
        subscriptions.append(subscription)
        if subscriptions.count < 10 { relay.subscribe(self) }
      }
      func receive(_ input: Int) -> Subscribers.Demand {
        inputs.append(input)
        return .none
      }
      func receive(completion: Subscribers.Completion<Never>) {}
    }
    let relay = PassthroughRelay<Int>()
    let subscriber = Resubscriber(relay: relay)
    relay.subscribe(subscriber)
    #expect(subscriber.subscriptions.count == 10)
    #expect(subscriber.inputs.isEmpty)
    relay.subscribe(subscriber)
    #expect(subscriber.subscriptions.count == 11)
    relay.send(0)
    #expect(subscriber.inputs == Array(repeating: 0, count: 11))
    for (index, subscription) in subscriber.subscriptions.enumerated() where index.isMultiple(of: 2)
    {
      subscription.cancel()
    }
    relay.send(1)
    #expect(subscriber.inputs == Array(repeating: 0, count: 11) + Array(repeating: 1, count: 5))
  }

  @Test func cancelStopsEverything() {
    let relay = PassthroughRelay<Int>()
    var downstream: (any Subscription)?
    let tracking = Tracking(receiveSubscription: { downstream = $0 })
    relay.subscribe(tracking)
    downstream?.request(.max(12))
    relay.send(1)
    downstream?.cancel()
    downstream?.cancel()
    downstream?.request(.max(3))
    downstream?.request(.max(4))
    relay.send(2)
    #expect(tracking.history == [.subscription("PassthroughSubject"), .value(1)])
  }

  /// The parts of `testLifecycle` without a completion.
  @Test func lifecycle() {
    var deinits = 0
    do {
      let relay = PassthroughRelay<Int>()
      let subscriber = Tracking(onDeinit: { deinits += 1 })
      relay.subscribe(subscriber)
      relay.send(31)
      #expect(subscriber.values.isEmpty)
    }
    #expect(deinits == 0, "a subscriber that never cancels stays, as in Combine")
    var subscription: (any Subscription)?
    do {
      let relay = PassthroughRelay<Int>()
      let subscriber = Tracking(
        receiveSubscription: {
          subscription = $0
          $0.request(.unlimited)
        }, onDeinit: { deinits += 1 })
      relay.subscribe(subscriber)
      relay.send(31)
      #expect(subscriber.values == [31])
    }
    #expect(deinits == 0)
    subscription?.cancel()
    #expect(deinits == 1)
  }

  @Test func cancellingReleasesTheSubscriberTheSubscriptionAndTheRelay() {
    weak var weakSubscriber: Tracking?
    weak var weakRelay: PassthroughRelay<Int>?
    weak var weakSubscription: AnyObject?
    do {
      let relay = PassthroughRelay<Int>()
      weakRelay = relay
      do {
        let subscriber = Tracking(receiveSubscription: { weakSubscription = $0 as AnyObject })
        weakSubscriber = subscriber
        relay.subscribe(subscriber)
      }
      (weakSubscription as? any Subscription)?.cancel()
      #expect(weakSubscriber == nil, "subscriber leaked")
      #expect(weakSubscription == nil, "subscription leaked")
    }
    #expect(weakRelay == nil, "relay leaked")
  }
}
