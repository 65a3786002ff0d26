import Relay
import RelayTestSupport

/// An operator under test between a hand-driven upstream and a tracker, like OpenCombine's
/// `OperatorTestHelper`: the upstream hands over `subscription`, the tracker asks for
/// `initialDemand` (nothing when `nil`) and returns `demandPerValue` from each value.
struct OperatorHarness<Input, UpstreamFailure: Error, Sut: Publisher> {
  let subscription: TestSubscription
  let publisher: TestPublisher<Input, UpstreamFailure>
  let tracker: TrackingSubscriber<Sut.Output, Sut.Failure>
  let sut: Sut

  init(
    initialDemand: Subscribers.Demand? = nil, demandPerValue: Subscribers.Demand = .none,
    subscription: TestSubscription = TestSubscription(),
    _ makeSut: (TestPublisher<Input, UpstreamFailure>) -> Sut
  ) {
    self.subscription = subscription
    publisher = TestPublisher(subscription: subscription)
    sut = makeSut(publisher)
    tracker = TrackingSubscriber(
      receiveSubscription: { if let initialDemand { $0.request(initialDemand) } },
      receiveValue: { _ in demandPerValue })
    sut.subscribe(tracker)
  }

  /// The subscription the downstream received.
  var downstreamSubscription: (any Subscription)? { tracker.subscription }
}
