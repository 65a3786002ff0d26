/// The subscriber of an operator that hands its upstream's subscription to its own
/// subscriber, as Combine's `map`, `filter`, `compactMap`, `scan`, `mapError` and
/// `setFailureType` do: requests and cancels go straight upstream.
///
/// What the operator does not change passes through as it is: the subscription always, and
/// values and the completion when their types are the subscriber's.
@usableFromInline
protocol PassThroughSubscriber: Subscriber {
  associatedtype Downstream: Subscriber

  var downstream: Downstream { get }
}

extension PassThroughSubscriber {
  @inlinable
  func receive(subscription: any Subscription) {
    downstream.receive(subscription: subscription)
  }
}

extension PassThroughSubscriber where Downstream.Input == Input {
  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(input) }
}

extension PassThroughSubscriber where Downstream.Failure == Failure {
  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    downstream.receive(completion: completion)
  }
}
