/// The subscription of a publisher of one value.
///
/// `Just`, `Optional.publisher` with a value and `Result.publisher` with a success hand it over.
/// The first request sends the value, then `.finished`.
final class OneValueSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
  @unchecked Sendable
{
  // `state` is guarded by its lock: whoever takes the downstream out delivers, once.
  private struct State {
    var downstream: Downstream?
    var isCancelled = false
  }

  private let value: Downstream.Input
  private let state: Lock<State>
  /// How Combine names the subscription: "Just", "Optional", "Once".
  let description: String

  init(value: Downstream.Input, downstream: Downstream, name: String) {
    self.value = value
    self.state = .make(State(downstream: downstream))
    description = name
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
}
