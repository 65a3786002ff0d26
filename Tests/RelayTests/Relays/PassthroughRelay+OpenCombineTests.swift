import Relay
import RelayTestSupport
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
  typealias Tracking = TrackingSubscriber<Int, Never>

  /// The Reactive Streams rules 1, 2 and 9 table: the number of values a subscriber receives
  /// for each initial demand and each sequence of demands returned from values.
  @Test func requestingDemand() {
    let counts = demandTableCounts(currentValue: nil) {
      PassthroughRelay<Int>()
    } sendTwentyValues: { relay in
      for value in 0..<20 { relay.send(value) }
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
    expectCancelStopsEverything(
      relay, send: { relay.send($0) },
      expected: [.subscription("PassthroughSubject"), .value(1)])
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
    expectOnlyCancellingReleasesTheSubscriber(expectedValues: [31]) {
      PassthroughRelay<Int>()
    } send: {
      $0.send($1)
    }
  }

  @Test func cancellingReleasesTheSubscriberTheSubscriptionAndTheRelay() {
    expectCancellingReleasesEverything { PassthroughRelay<Int>() }
  }
}
