import Relay

/// A publisher a test drives by hand, like OpenCombine's `CustomPublisher`: it hands its
/// subscriber a given subscription (or none) and sends whatever the test says, demand or not.
final class TestPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // Used from one thread at a time by the tests.
  private(set) var subscriber: AnySubscriber<Output, Failure>?
  /// The subscriber as the operator passed it, to reach it as a subscription.
  private(set) var erasedSubscriber: Any?
  private let subscription: (any Subscription)?
  var subscribeCount = 0

  init(subscription: (any Subscription)?) { self.subscription = subscription }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribeCount += 1
    self.subscriber = AnySubscriber(subscriber)
    erasedSubscriber = subscriber
    if let subscription { subscriber.receive(subscription: subscription) }
  }

  func send(subscription: any Subscription) { subscriber?.receive(subscription: subscription) }

  @discardableResult
  func send(_ value: Output) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }

  func send(completion: Subscribers.Completion<Failure>) {
    subscriber?.receive(completion: completion)
  }

  /// Forgets the subscriber.
  func detach() {
    subscriber = nil
    erasedSubscriber = nil
  }
}

/// Two test publishers of `Int`, each with its own subscription: an operator's first and
/// second upstream (`catch`'s upstream and new publisher, `append`'s prefix and suffix).
func twoTestPublishers() -> (
  publisher1: TestPublisher<Int, TestingError>, subscription1: TestSubscription,
  publisher2: TestPublisher<Int, TestingError>, subscription2: TestSubscription
) {
  let subscription1 = TestSubscription()
  let subscription2 = TestSubscription()
  return (
    TestPublisher(subscription: subscription1), subscription1,
    TestPublisher(subscription: subscription2), subscription2
  )
}
