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
}

/// Stops the program when a subscriber requests no values, which Combine's contract forbids.
@inlinable
func _checkDemand(_ demand: Subscribers.Demand, file: StaticString = #file, line: UInt = #line) {
  precondition(
    demand != .none,
    "Subscription.request(.none) violates the subscriber contract: request at least .max(1)",
    file: file, line: line)
}
