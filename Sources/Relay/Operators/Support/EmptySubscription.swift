/// The subscription of a publisher that has nothing to send: requests and cancels do nothing.
///
/// `Empty`, `Fail` and an empty `Sequence.publisher` hand it over, named "Empty" as in Combine.
/// One instance, shared: a class, so that a subscriber keeps it as it is (`_subscriptionObject`)
/// rather than in a box it would allocate, and stateless, so that sharing it changes nothing.
final class EmptySubscription: Subscription, CustomStringConvertible {
  /// The one empty subscription.
  static let shared = EmptySubscription()

  private init() {}

  func request(_ demand: Subscribers.Demand) { _checkDemand(demand) }
  func cancel() {}
  var description: String { "Empty" }
}
