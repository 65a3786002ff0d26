import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `CurrentValueSubjectTests` (Combine's outcomes) that apply to a relay.
///
/// Where Relay differs, deliberately: a relay is named `CurrentValueRelay` (its subscription
/// is still named `CurrentValueSubject`, as in Combine's logs), never completes and cannot be
/// sent a subscription, so the cases about completion, `send(subscription:)` and reflection
/// have no counterpart here. A value sent from inside a subscriber is queued and delivered
/// after the current value has reached every subscriber, where Combine delivers it
/// recursively (`PassthroughRelayTests` and `CurrentValueRelayTests` pin that down).
@Suite struct CurrentValueRelayOpenCombineTests {
  typealias Tracking = TrackingSubscriber<Int, Never>

  /// The Reactive Streams rules 1, 2 and 9 table: the number of values a subscriber receives
  /// for each initial demand and each sequence of demands returned from values.
  @Test func requestingDemand() {
    let counts = demandTableCounts(currentValue: 111) {
      let relay = CurrentValueRelay(112)
      relay.value -= 1
      return relay
    } sendTwentyValues: { relay in
      for _ in 0..<20 { relay.value += 1 }
      let value = relay.value
      relay.value = value
    }
    #expect(
      counts == [
        0, 0, 0, 0, 0, 1, 11, 2, 1, 22, 2, 12, 4, 5, 22, 10, 20, 12, 13, 22, 22, 22, 22, 22, 22,
      ])
  }

  @Test func requestSeveralTimes() {
    let relay = CurrentValueRelay(-1)
    var downstream: (any Subscription)?
    let tracking = Tracking(receiveSubscription: { downstream = $0 })
    relay.subscribe(tracking)
    #expect(tracking.history == [.subscription("CurrentValueSubject")])
    downstream?.request(.max(2))
    downstream?.request(.max(3))
    downstream?.request(.max(1))
    #expect(tracking.history == [.subscription("CurrentValueSubject"), .value(-1)])
    for value in 0..<10 { relay.send(value) }
    #expect(
      tracking.history == [.subscription("CurrentValueSubject")] + (-1...4).map { .value($0) })
  }

  @Test func requestingNoneStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      CurrentValueRelay(1).subscribe(Tracking(receiveSubscription: { $0.request(.none) }))
    }
  }

  @Test func aSubscriberAfterSendsReceivesTheLatestValue() {
    let relay = CurrentValueRelay(0)
    relay.send(2)
    let afterSend = Tracking(receiveSubscription: { $0.request(.unlimited) })
    relay.subscribe(afterSend)
    #expect(afterSend.history == [.subscription("CurrentValueSubject"), .value(2)])
    relay.value = 3
    let afterSet = Tracking(receiveSubscription: { $0.request(.unlimited) })
    relay.subscribe(afterSet)
    #expect(afterSet.history == [.subscription("CurrentValueSubject"), .value(3)])
  }

  /// A subscriber that subscribes itself again from `receive(subscription:)`, ten times deep;
  /// then every other subscription is cancelled and a value reaches the other five.
  ///
  /// Combine delivers the current value inside `request`, from within
  /// `receive(subscription:)`, so the value comes before the subscription is recorded; a
  /// relay delivers it once `receive(subscription:)` has returned.
  @Test func subscribingAgainFromReceiveSubscription() {
    final class Resubscriber: Subscriber {
      typealias Input = Int
      typealias Failure = Never
      let relay: CurrentValueRelay<Int>
      let tracking = TrackingSubscriber<Int, Never>()
      init(relay: CurrentValueRelay<Int>) { self.relay = relay }
      func receive(subscription: any Subscription) {
        subscription.request(.unlimited)
        tracking.receive(subscription: subscription)
        if tracking.subscriptions.count < 10 { relay.subscribe(self) }
      }
      func receive(_ input: Int) -> Subscribers.Demand { tracking.receive(input) }
      func receive(completion: Subscribers.Completion<Never>) {
        tracking.receive(completion: completion)
      }
    }
    let relay = CurrentValueRelay(112)
    let subscriber = Resubscriber(relay: relay)
    relay.subscribe(subscriber)
    // Where Relay differs, as `CurrentValueRelay` documents: the current value comes after
    // `receive(subscription:)` returns, never from inside it, so the ten subscriptions come
    // first (Combine interleaves value, subscription, value, subscription, ...).
    let subscriptions = [TrackingSubscriber<Int, Never>.Event](
      repeating: .subscription("CurrentValueSubject"), count: 10)
    let values = [TrackingSubscriber<Int, Never>.Event](repeating: .value(112), count: 10)
    #expect(subscriber.tracking.history == subscriptions + values)
    #expect(subscriber.tracking.subscriptions.count == 10)
    #expect(subscriber.tracking.values == Array(repeating: 112, count: 10))
    relay.subscribe(subscriber)
    #expect(subscriber.tracking.subscriptions.count == 11)
    for (index, subscription) in subscriber.tracking.subscriptions.enumerated()
    where index.isMultiple(of: 2) {
      subscription.cancel()
    }
    relay.value = 200
    #expect(
      subscriber.tracking.values == Array(repeating: 112, count: 11)
        + Array(repeating: 200, count: 5))
  }

  @Test func cancelStopsEverything() {
    let relay = CurrentValueRelay(42)
    expectCancelStopsEverything(
      relay, send: { relay.send($0) },
      expected: [.subscription("CurrentValueSubject"), .value(42), .value(1)])
  }

  /// The parts of `testLifecycle` without a completion: a subscriber that never cancels stays
  /// (the relay keeps it, as Combine's subject does), and cancelling releases it.
  @Test func lifecycle() {
    expectOnlyCancellingReleasesTheSubscriber(expectedValues: [0, 31]) {
      CurrentValueRelay(0)
    } send: {
      $0.send($1)
    }
  }

  /// `testReleasesEverythingOnTermination`, for the one termination a relay has: a cancel.
  @Test func cancellingReleasesTheSubscriberTheSubscriptionAndTheRelay() {
    expectCancellingReleasesEverything { CurrentValueRelay(42) }
  }

  @Test func theSubscriptionIsNamedAsCombineNamesIt() {
    let tracking = Tracking()
    CurrentValueRelay(42).subscribe(tracking)
    #expect("\(tracking.subscriptions[0])" == "CurrentValueSubject")
  }
}
