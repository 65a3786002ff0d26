/// A type that receives values, and at most one completion, from a publisher.
///
/// A subscriber first receives a subscription, which it uses to ask for values with
/// `request(_:)` or to stop them with `cancel()`. Each value it receives returns how many more
/// values it wants, which is added to what it already asked for.
public protocol Subscriber<Input, Failure> {
  /// The kind of values this subscriber receives.
  associatedtype Input
  /// The kind of error this subscriber may receive.
  associatedtype Failure: Error

  /// Tells the subscriber that it is subscribed; called once, before anything else.
  ///
  /// - Parameter subscription: The subscription to request values with or to cancel.
  func receive(subscription: any Subscription)

  /// Delivers one value, sent only against demand the subscriber asked for.
  ///
  /// - Parameter input: The value.
  /// - Returns: How many more values the subscriber wants, added to its outstanding demand.
  func receive(_ input: Input) -> Subscribers.Demand

  /// Tells the subscriber that the publisher finished or failed; nothing follows it.
  ///
  /// - Parameter completion: `.finished` or `.failure` with the error.
  func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
  /// Delivers the one value a subscriber of `Void` can receive: `receive(())`.
  ///
  /// - Returns: How many more values the subscriber wants, added to its outstanding demand.
  public func receive() -> Subscribers.Demand { receive(()) }
}
