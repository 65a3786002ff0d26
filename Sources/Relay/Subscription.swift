/// A subscriber's link to a publisher: it asks for values and can stop them.
///
/// Subscriptions may be asked and cancelled from any thread.
public protocol Subscription: Cancellable, Sendable {
  /// Asks the publisher for more values.
  ///
  /// The demand is added to what the subscriber already asked for. Requesting `.none` is a
  /// contract violation and stops the program with a message.
  /// - Parameter demand: How many more values to send; `.unlimited` for all of them.
  func request(_ demand: Subscribers.Demand)

  /// Stops the values and frees what the subscription holds; calling it again does nothing.
  ///
  /// `Cancellable` asks for it already; it is restated here so that Relay's own code (and its
  /// inlinable operators) reaches it through Relay where `Cancellable` is Combine's.
  func cancel()

  /// The subscription as a class instance: itself, for a class; a box that forwards to it,
  /// for a value type.
  ///
  /// What a subscriber that keeps its subscription stores (`Sink`, `Assign`, the operators): a
  /// reference and a witness table, 16 bytes, where `any Subscription` takes 40. Supplied for
  /// every subscription; not for users to implement or call.
  var _subscriptionObject: any Subscription & AnyObject { get }
}

extension Subscription {
  /// A box that forwards to this subscription, which is a value.
  public var _subscriptionObject: any Subscription & AnyObject {
    SubscriptionBox(boxing: self)
  }
}

extension Subscription where Self: AnyObject {
  /// This subscription itself: it is already a class instance.
  @inlinable
  public var _subscriptionObject: any Subscription & AnyObject { self }
}

/// A subscription of a value type, kept as a class instance: asking and cancelling go to it.
final class SubscriptionBox: Subscription, CustomStringConvertible {
  let boxed: any Subscription

  init(boxing boxed: any Subscription) { self.boxed = boxed }

  func request(_ demand: Subscribers.Demand) { boxed.request(demand) }
  func cancel() { boxed.cancel() }
  var description: String { String(describing: boxed) }
}

/// Stops the program when a subscriber requests no values, which Combine's contract forbids.
@inlinable
func _checkDemand(_ demand: Subscribers.Demand, file: StaticString = #file, line: UInt = #line) {
  precondition(
    demand != .none,
    "Subscription.request(.none) violates the subscriber contract: request at least .max(1)",
    file: file, line: line)
}
