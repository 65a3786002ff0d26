/// A publisher that sends one value to each subscriber and then finishes.
///
/// Each subscriber receives the value on its first request, then `.finished`.
///
/// ```swift
/// Just(42).sink { print($0) }.store(in: &subscriptions)   // prints 42
/// ```
public struct Just<Output>: Publisher {
  /// `Just` never fails.
  public typealias Failure = Never

  /// The value sent to each subscriber.
  public let output: Output

  /// Creates a publisher of one value.
  ///
  /// - Parameter output: The value to send.
  public init(_ output: Output) { self.output = output }

  /// Hands the subscriber a subscription that sends the value when asked.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(subscription: Inner(value: output, downstream: subscriber))
  }
}

extension Just: Equatable where Output: Equatable {}
extension Just: Sendable where Output: Sendable {}

extension Just {
  /// Sends the value and `.finished` on the first request, once.
  private final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Never {
    // `state` is guarded by its lock: whoever takes the downstream out delivers, once.
    private struct State {
      var downstream: Downstream?
      var isCancelled = false
    }

    private let value: Output
    private let state: Lock<State>

    init(value: Output, downstream: Downstream) {
      self.value = value
      self.state = .make(State(downstream: downstream))
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      guard let downstream = state.withLock({ $0.downstream.take() }) else { return }
      _ = downstream.receive(value)
      // A cancel during the value stops the completion.
      guard !state.withLock({ $0.isCancelled }) else { return }
      downstream.receive(completion: .finished)
    }

    func cancel() {
      let downstream = state.withLock { state in
        state.isCancelled = true
        return state.downstream.take()
      }
      _ = downstream  // released outside the lock
    }

    var description: String { "Just" }
  }
}
