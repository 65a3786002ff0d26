import Relay
import RelayTestSupport
import Testing

/// One input of an operator that combines several publishers: a hand-driven publisher and the
/// subscription it hands out.
struct HandDrivenUpstream {
  let subscription = TestSubscription()
  let publisher: TestPublisher<Int, TestingError>

  init() { publisher = TestPublisher(subscription: subscription) }

  /// `count` upstreams and the operator `combine` builds on their publishers.
  static func make(
    _ count: Int,
    _ combine: ([TestPublisher<Int, TestingError>]) -> AnyPublisher<Int, TestingError>
  ) -> ([Self], AnyPublisher<Int, TestingError>) {
    let upstreams = (0..<count).map { _ in Self() }
    return (upstreams, combine(upstreams.map(\.publisher)))
  }
}

/// For an operator that sums its upstreams, such as `combineLatest` or `zip`: one value from
/// each of `arity` upstreams makes one value, their sum, and asks for nothing more.
func expectOneValueEachMakesTheirSum(
  arity: Int, subscriptionName: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ make: (Int) -> ([HandDrivenUpstream], AnyPublisher<Int, TestingError>)
) {
  let (upstreams, combined) = make(arity)
  let tracker = TrackingSubscriber<Int, TestingError>(demand: .unlimited)
  combined.subscribe(tracker)
  for upstream in upstreams {
    #expect(upstream.publisher.send(1) == .none, sourceLocation: sourceLocation)
  }
  #expect(
    tracker.history == [.subscription(subscriptionName), .value(arity)],
    sourceLocation: sourceLocation)
}

/// OpenCombine's `testRequestDemand` for an operator that sums two upstreams, such as
/// `combineLatest` or `zip`: a request reaches every upstream, and a tuple made from one value
/// each asks for nothing more.
func expectRequestsPassToEveryUpstream(
  initialDemand: Subscribers.Demand, subscriptionName: String,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ make: () -> ([HandDrivenUpstream], AnyPublisher<Int, TestingError>)
) {
  let (upstreams, combined) = make()
  let tracker = TrackingSubscriber<Int, TestingError>()
  combined.subscribe(tracker)
  tracker.request(initialDemand)
  for upstream in upstreams {
    #expect(
      upstream.subscription.history == [.requested(initialDemand)], sourceLocation: sourceLocation)
  }
  for upstream in upstreams {
    #expect(upstream.publisher.send(1) == .none, sourceLocation: sourceLocation)
  }
  for upstream in upstreams {
    #expect(
      upstream.subscription.history == [.requested(initialDemand)], sourceLocation: sourceLocation)
  }
  #expect(
    tracker.history == [.subscription(subscriptionName), .value(2)],
    sourceLocation: sourceLocation)
  tracker.request(.max(2))
  for upstream in upstreams {
    #expect(
      upstream.subscription.history == [.requested(initialDemand), .requested(.max(2))],
      sourceLocation: sourceLocation)
  }
}
