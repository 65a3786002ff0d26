/// A relay that passes each sent value to its current subscribers and keeps nothing.
///
/// It never fails and never completes. A subscriber with no outstanding demand does not
/// receive a value sent meanwhile.
///
/// ```swift
/// let taps = PassthroughRelay<Int>()
/// let subscription = taps.sink { print("tap \($0)") }
/// taps.send(1)   // prints "tap 1"
/// ```
///
/// It gives the same guarantees of threads, order and cancellation as `CurrentValueRelay`.
public final class PassthroughRelay<Output>: Publisher {
  /// Relays never fail.
  public typealias Failure = Never

  @usableFromInline let storage: RelayStorage<Output>

  /// Creates a relay with no subscribers.
  ///
  /// - Parameter backlog: What to keep of the values other threads send while a round is
  ///   under way.
  @inlinable
  public init(backlog: BacklogPolicy = .unbounded) {
    storage = .make(
      current: nil, keepsCurrentValue: false, subscriptionName: .passthroughSubject,
      backlog: backlog)
  }

  /// Whether any subscriber is attached; lets a sender skip work nobody would receive.
  ///
  /// Another thread may subscribe or cancel right after it answers.
  @inlinable
  public var hasSubscribers: Bool { storage.hasSubscribers }

  /// Sends a value to every subscriber with demand.
  ///
  /// - Parameter value: The value.
  /// - Complexity: O(*s*) for *s* subscribers when nobody else is delivering; O(1) otherwise.
  @inlinable
  public func send(_ value: Output) { storage.send(value) }

  /// Attaches a subscriber; it receives the values sent after it asks for them.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    storage.attach(subscriber)
  }
}

extension PassthroughRelay: @unchecked Sendable where Output: Sendable {}
