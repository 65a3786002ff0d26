/// The subscription of a publisher that has nothing to send: requests and cancels do nothing.
///
/// `Empty`, `Fail` and an empty `Sequence.publisher` hand it over, named "Empty" as in Combine.
struct EmptySubscription: Subscription, CustomStringConvertible {
  func request(_ demand: Subscribers.Demand) { _checkDemand(demand) }
  func cancel() {}
  var description: String { "Empty" }
}
