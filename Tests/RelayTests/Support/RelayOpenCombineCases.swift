import Relay
import RelayTestSupport
import Testing

// OpenCombine's subject cases that apply to both relays, each written once here; each relay's
// test file runs them on its relay and states its outcomes.

/// The Reactive Streams rules 1, 2 and 9 table: for each initial demand (`nil`: none asked
/// for) and each sequence of demands returned from values, subscribes a subscriber to a relay
/// from `makeRelay` and sends it twenty values with `sendTwentyValues`; returns how many
/// values each subscriber received, in table order.
///
/// `currentValue` is the value a subscriber that asks for demand receives on subscribing
/// (`nil` for a relay without one).
func demandTableCounts<RelayUnderTest: Publisher<Int, Never>>(
  currentValue: Int?, sourceLocation: SourceLocation = #_sourceLocation,
  makeRelay: () -> RelayUnderTest, sendTwentyValues: (RelayUnderTest) -> Void
) -> [Int] {
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
        receiveCompletion: { _ in
          Issue.record("a relay never completes", sourceLocation: sourceLocation)
        })
      let relay = makeRelay()
      #expect(inputs.isEmpty, sourceLocation: sourceLocation)
      relay.subscribe(subscriber)
      #expect(subscriptions == 1, sourceLocation: sourceLocation)
      #expect(
        inputs.first == (initialDemand == nil ? nil : currentValue), sourceLocation: sourceLocation)
      sendTwentyValues(relay)
      counts.append(inputs.count)
    }
  }
  return counts
}

/// OpenCombine's `testCancellation`: once the subscription is cancelled (twice), requests and
/// values reach nothing; `expected` is the whole history, what came before the cancel.
func expectCancelStopsEverything(
  _ relay: some Publisher<Int, Never>, send: (Int) -> Void,
  expected: [TrackingSubscriber<Int, Never>.Event],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var downstream: (any Subscription)?
  let tracking = TrackingSubscriber<Int, Never>(receiveSubscription: { downstream = $0 })
  relay.subscribe(tracking)
  downstream?.request(.max(12))
  send(1)
  downstream?.cancel()
  downstream?.cancel()
  downstream?.request(.max(3))
  downstream?.request(.max(4))
  send(2)
  #expect(tracking.history == expected, sourceLocation: sourceLocation)
}

/// The part of OpenCombine's `testLifecycle` a relay has: a subscriber that asks for
/// everything and never cancels stays after the relay is gone (the subscription keeps it, as
/// Combine's subject does), and cancelling releases it.
///
/// The subscriber is sent 31 and must have received `expectedValues`.
func expectOnlyCancellingReleasesTheSubscriber<RelayUnderTest: Publisher<Int, Never>>(
  expectedValues: [Int], sourceLocation: SourceLocation = #_sourceLocation,
  makeRelay: () -> RelayUnderTest, send: (RelayUnderTest, Int) -> Void
) {
  var deinits = 0
  var subscription: (any Subscription)?
  do {
    let relay = makeRelay()
    let subscriber = TrackingSubscriber<Int, Never>(
      receiveSubscription: {
        subscription = $0
        $0.request(.unlimited)
      }, onDeinit: { deinits += 1 })
    relay.subscribe(subscriber)
    send(relay, 31)
    #expect(subscriber.values == expectedValues, sourceLocation: sourceLocation)
  }
  #expect(deinits == 0, sourceLocation: sourceLocation)
  subscription?.cancel()
  #expect(deinits == 1, sourceLocation: sourceLocation)
}

/// OpenCombine's `testReleasesEverythingOnTermination`, for the one termination a relay has:
/// a cancel releases the subscriber, the subscription and then the relay.
func expectCancellingReleasesEverything<RelayUnderTest: Publisher<Int, Never> & AnyObject>(
  sourceLocation: SourceLocation = #_sourceLocation, makeRelay: () -> RelayUnderTest
) {
  weak var weakSubscriber: TrackingSubscriber<Int, Never>?
  weak var weakRelay: RelayUnderTest?
  weak var weakSubscription: AnyObject?
  do {
    let relay = makeRelay()
    weakRelay = relay
    do {
      let subscriber = TrackingSubscriber<Int, Never>(receiveSubscription: {
        weakSubscription = $0 as AnyObject
      })
      weakSubscriber = subscriber
      relay.subscribe(subscriber)
    }
    (weakSubscription as? any Subscription)?.cancel()
    #expect(weakSubscriber == nil, "subscriber leaked", sourceLocation: sourceLocation)
    #expect(weakSubscription == nil, "subscription leaked", sourceLocation: sourceLocation)
  }
  #expect(weakRelay == nil, "relay leaked", sourceLocation: sourceLocation)
}
