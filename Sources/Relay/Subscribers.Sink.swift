extension Publisher {
  /// Subscribes with closures for values and for the completion, asking for every value.
  ///
  /// ```swift
  /// let subscription = relay.sink(
  ///   receiveCompletion: { print("done: \($0)") },
  ///   receiveValue: { print($0) })
  /// ```
  /// - Parameters:
  ///   - receiveCompletion: Called once when the publisher finishes or fails.
  ///   - receiveValue: Called with each value.
  /// - Returns: A cancellable that cancels the subscription when cancelled or deinitialized.
  @inlinable
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Failure == Never {
  /// Subscribes with a closure for values, asking for every value.
  ///
  /// ```swift
  /// let subscription = relay.sink { print($0) }
  /// ```
  /// - Parameter receiveValue: Called with each value.
  /// - Returns: A cancellable that cancels the subscription when cancelled or deinitialized.
  @inlinable
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}

extension Subscribers {
  /// A subscriber that asks for every value and hands each one to a closure.
  ///
  /// Its closures are released when the sink is: cancelling through the `AnyCancellable` that
  /// `sink` returns drops the sink from both the publisher and the cancellable. It may be
  /// cancelled from any thread.
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable,
    CustomStringConvertible, @unchecked Sendable
  {
    // `subscription` is guarded by `status`'s lock; `isTerminated` is atomic; the closures are
    // constants.
    @usableFromInline enum Status {
      case awaiting
      case subscribed(any Subscription)
      case terminated
    }

    /// The closure called with each value.
    public let receiveValue: (Input) -> Void
    /// The closure called once with the completion.
    public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    @usableFromInline let status = Lock<Status>.make(.awaiting)

    /// Creates a sink from its two closures.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once when the publisher finishes or fails.
    ///   - receiveValue: Called with each value.
    @inlinable
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      self.receiveCompletion = receiveCompletion
      self.receiveValue = receiveValue
    }

    /// `Sink`, as Combine names it in logs.
    public var description: String { "Sink" }

    /// Keeps the first subscription and asks it for every value; cancels any later one.
    @inlinable
    public func receive(subscription: any Subscription) {
      let accepted = status.withLock { status in
        guard case .awaiting = status else { return false }
        status = .subscribed(subscription)
        return true
      }
      if accepted { subscription.request(.unlimited) } else { subscription.cancel() }
    }

    /// Hands the value to `receiveValue`; asks for nothing more, having asked for everything.
    @inlinable
    public func receive(_ input: Input) -> Subscribers.Demand {
      // Relays call `receiveValue` directly when demand is unlimited (`RelayTarget`): keep
      // this method exactly that call.
      receiveValue(input)
      return .none
    }

    /// Hands the completion to `receiveCompletion` once.
    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
      // The old status is moved out and released after the lock: it may hold the last
      // reference to the subscription, whose deinit must not run under the lock.
      let old = status.withLock { status in
        defer { status = .terminated }
        return status
      }
      if case .terminated = old { return }
      receiveCompletion(completion)
    }

    /// Cancels the subscription; no value arrives after this returns.
    @inlinable
    public func cancel() {
      let subscription: (any Subscription)? = status.withLock { status in
        defer { status = .terminated }
        if case .subscribed(let subscription) = status { return subscription }
        return nil
      }
      subscription?.cancel()
    }
  }
}
