/// A relay that holds a current value and sends each new value to its subscribers.
///
/// It never fails and never completes: nobody can end it, so a subscriber stays subscribed
/// until it cancels. A new subscriber receives the current value first, on its first demand.
/// A subscriber whose demand ran out receives the latest value when it asks again.
///
/// ```swift
/// let relay = CurrentValueRelay(0)
/// let subscription = relay.sink { print($0) }   // prints 0
/// relay.send(1)                                 // prints 1
/// ```
///
/// Sends, subscriptions and cancellations may come from any thread. All subscribers see the
/// same sequence, in subscription order; a value sent while another is being delivered, from
/// another thread or from inside a subscriber, is delivered after it. No subscriber code runs
/// while the relay's lock is held. After a subscription's `cancel()` returns, no call to its
/// subscriber starts, and a call in progress on another thread has returned.
///
/// A subscriber that never cancels and the relay keep each other alive, as in Combine: keep
/// the `AnyCancellable` and let it go, or cancel it.
public final class CurrentValueRelay<Output>: Publisher {
  /// Relays never fail.
  public typealias Failure = Never

  @usableFromInline let core: RelayCore<Output>

  /// Creates a relay holding `value`.
  ///
  /// - Parameter value: The current value until the first `send(_:)`.
  @inlinable
  public init(_ value: Output) {
    core = RelayCore(
      current: value, keepsCurrentValue: true, subscriptionName: "CurrentValueSubject")
  }

  /// Creates a relay that delivers a sent value only when it is not a duplicate of the value
  /// sent before it.
  ///
  /// A duplicate is still stored: `value` returns it. The check runs in the delivery
  /// sequence, outside the lock, one value at a time, so no two consecutive deliveries are
  /// duplicates even when several threads send at once.
  /// - Parameters:
  ///   - value: The current value until the first `send(_:)`.
  ///   - isDuplicate: Whether the second value repeats the first.
  @inlinable
  public init(_ value: Output, removingDuplicatesBy isDuplicate: @escaping (Output, Output) -> Bool)
  {
    core = RelayCore(
      current: value, keepsCurrentValue: true, subscriptionName: "CurrentValueSubject",
      isDuplicate: isDuplicate)
  }

  /// The last value sent, or the initial value.
  ///
  /// Setting it sends the new value.
  @inlinable
  public var value: Output {
    get {
      guard let value = core.latestValue else { preconditionFailure("a relay lost its value") }
      return value
    }
    set { send(newValue) }
  }

  /// Sends a value to every subscriber with demand, and makes it the current value.
  ///
  /// - Parameter value: The new value.
  /// - Complexity: O(*s*) for *s* subscribers.
  @inlinable
  public func send(_ value: Output) { core.send(value) }

  /// Changes the value in place and sends the result, as one atomic read-modify-write.
  ///
  /// ```swift
  /// relay.modify { $0.count += 1; $0.title = "Updated" }   // one send
  /// ```
  ///
  /// No send from another thread is lost: if one lands while `transform` runs, `transform`
  /// runs again on the newer value. It runs outside the relay's lock, so it may read other
  /// relays, but it must not send to this one and should have no side effects it cannot repeat.
  /// - Parameter transform: Changes the value.
  /// - Returns: What `transform` returned on the run whose result was sent.
  /// - Complexity: O(*s*) for *s* subscribers, times the number of retries.
  @inlinable @discardableResult
  public func modify<Result>(_ transform: (inout Output) throws -> Result) rethrows -> Result {
    try core.modify(transform)
  }

  /// Attaches a subscriber; it receives the current value on its first demand.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    core.attach(subscriber)
  }
}

extension CurrentValueRelay: @unchecked Sendable where Output: Sendable {}
