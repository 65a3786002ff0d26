import Relay
import RelayTestSupport
import Testing

/// OpenCombine's `testMulticast` scenario, shared by `makeConnectable()` and `multicast` (Combine
/// builds the one on the other): a subscriber attached before any connection receives values
/// only while a connection is open, and cancelling one subscribes again at the next `connect()`.
///
/// - Parameter makeConnectable: Makes the connectable publisher from the upstream.
/// - Returns: The subscriber's history, for the caller's expectation.
func connectionScenario<Connectable: ConnectablePublisher>(
  _ makeConnectable: (TestPublisher<Int, Never>) -> Connectable
) -> [TrackingSubscriber<Int, Never>.Event]
where Connectable.Output == Int, Connectable.Failure == Never {
  let subscription = TestSubscription()
  let publisher = TestPublisher<Int, Never>(subscription: subscription)
  let connectable = makeConnectable(publisher)
  let tracker = TrackingSubscriber<Int, Never>(demand: .unlimited)
  connectable.subscribe(tracker)
  #expect(publisher.send(0) == .none)
  #expect(publisher.send(12) == .none)
  #expect(tracker.values.isEmpty)
  var connection = connectable.connect()
  #expect(subscription.history == [.requested(.unlimited)])
  #expect(publisher.send(-1) == .none)
  #expect(publisher.send(42) == .none)
  connection.cancel()
  #expect(subscription.history == [.requested(.unlimited), .cancelled])
  #expect(publisher.send(14) == .none)
  connection = connectable.connect()
  #expect(publisher.send(15) == .none)
  publisher.send(completion: .finished)
  publisher.send(completion: .finished)
  connection.cancel()
  return tracker.history
}
