/// A relay that holds a current value and sends each new value to its subscribers.
///
/// It never fails and never completes: nobody can end it, so a subscriber stays subscribed
/// until it cancels. A new subscriber receives the current value first, on its first demand.
/// A subscriber whose demand ran out receives the latest value when it asks again.
///
/// Where it differs from Combine's `CurrentValueSubject`: the current value arrives once the
/// subscriber's `receive(subscription:)` has returned, never from inside a `request` made
/// there, so a subscriber never receives a value before it has stored its subscription.
///
/// ```swift
/// let relay = CurrentValueRelay(0)
/// let subscription = relay.sink { print($0) }   // prints 0
/// relay.send(1)                                 // prints 1
/// ```
///
/// Sends, subscriptions and cancellations may come from any thread: all subscribers see the
/// same sequence, in subscription order, one subscriber is never called concurrently with
/// itself, and no subscriber code runs while the relay's lock is held.
/// <doc:ThreadsOrderAndCancellation> says on which thread a subscriber runs, for how long a
/// call can keep its caller and what `cancel()` means; `BacklogPolicy` bounds what waits when
/// other threads send faster than the subscribers take values.
///
/// A subscriber that never cancels and the relay keep each other alive, as in Combine: keep
/// the `AnyCancellable` and let it go, or cancel it.
public final class CurrentValueRelay<Output>: Publisher {
  /// Relays never fail.
  public typealias Failure = Never

  @usableFromInline let storage: RelayStorage<Output>

  /// Creates a relay holding `value`.
  ///
  /// - Parameters:
  ///   - value: The current value until the first `send(_:)`.
  ///   - backlog: What to keep of the values other threads send while a round is under way.
  @inlinable
  public init(_ value: Output, backlog: BacklogPolicy = .unbounded) {
    storage = .make(currentValue: value, backlog: backlog)
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
  ///   - backlog: What to keep of the values other threads send while a round is under way.
  @inlinable @inline(__always)
  public init(
    _ value: Output, removingDuplicatesBy isDuplicate: @escaping (Output, Output) -> Bool,
    backlog: BacklogPolicy = .unbounded
  ) {
    // Always inlined, so that a comparison known where the relay is made (a function, a closure
    // literal) is specialized into the duplicate check, which then compares the two values where
    // they lie; left to the optimizer, it stopped being inlined once the state machine became two
    // parts, and the check copied both values on every send (1,707 instructions against 1,106).
    storage = .make(
      currentValue: value,
      duplicateCheck: RelayDuplicateCheck { old, new, _ in
        isDuplicate(
          old.assumingMemoryBound(to: Output.self).pointee,
          new.assumingMemoryBound(to: Output.self).pointee)
      }, backlog: backlog)
  }

  /// The last value sent, or the initial value.
  ///
  /// Setting it sends the new value.
  @inlinable
  public var value: Output {
    get { storage.latestKeptValue }
    set { send(newValue) }
  }

  /// Sends a value to every subscriber with demand, and makes it the current value.
  ///
  /// - Parameter value: The new value.
  /// - Complexity: O(*s*) for *s* subscribers when nobody else is delivering; O(1) otherwise.
  @inlinable
  public func send(_ value: Output) { storage.send(value) }

  /// Changes the value in place and sends the result, as one atomic read-modify-write.
  ///
  /// ```swift
  /// relay.modify { $0.count += 1; $0.title = "Updated" }   // one send
  /// ```
  ///
  /// No write is lost. While `transform` runs, values other threads send wait behind its
  /// result; only another `modify` writing first makes `transform` run again, on the newer
  /// value. `transform` runs outside the relay's lock, on the calling thread; it should have
  /// no side effects it cannot repeat.
  /// - Parameter transform: Changes the value.
  /// - Returns: What `transform` returned on the run whose result was sent.
  /// - Complexity: O(*s*) for *s* subscribers, times the number of retries.
  @inlinable @discardableResult
  public func modify<Result>(_ transform: (inout Output) throws -> Result) rethrows -> Result {
    try storage.modify(transform)
  }

  /// Attaches a subscriber; it receives the current value on its first demand.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    storage.attach(subscriber)
  }
}

extension CurrentValueRelay: @unchecked Sendable where Output: Sendable {}
