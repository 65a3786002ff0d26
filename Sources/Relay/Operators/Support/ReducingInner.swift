/// The subscription of an operator that reduces all of its upstream to at most one value:
/// `first()`, `first(where:)`, `collect()`.
///
/// It asks the upstream for everything at once and delivers the result, then `.finished`, when
/// the reduction is done (or the upstream finished) and the downstream asked for a value,
/// whichever comes last. A failure passes at once.
final class ReducingInner<Input, Result, Failure: Error, Downstream: Subscriber>: Subscriber,
  Subscription, CustomStringConvertible, @unchecked Sendable
where Downstream.Input == Result, Downstream.Failure == Failure {
  // `state` is guarded by its lock. `result` is written only by the upstream's calls, which
  // are serial, before `isReduced` is set under the lock; it is read only by the thread that
  // then claims the delivery under the lock.
  private struct State {
    var upstream: (any Subscription)?
    var hasSubscribed = false
    var isReduced = false
    var hasDemand = false
    var isDone = false
    var isCancelled = false
  }

  private let downstream: Downstream
  private let state = Lock<State>.make(State())
  private var result: Result?
  /// Folds a value into the result; returns true when the result is final.
  private let reduce: (inout Result?, Input) -> Bool
  let description: String

  init(
    downstream: Downstream, initial: Result?, name: String,
    reduce: @escaping (inout Result?, Input) -> Bool
  ) {
    self.downstream = downstream
    self.result = initial
    self.description = name
    self.reduce = reduce
  }

  func receive(subscription: any Subscription) {
    let accepted = state.withLock { state in
      guard !state.hasSubscribed, !state.isDone else { return false }
      state.hasSubscribed = true
      state.upstream = subscription
      return true
    }
    guard accepted else { return subscription.cancel() }
    downstream.receive(subscription: self)
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    guard state.withLock({ $0.upstream != nil && !$0.isReduced }) else { return .none }
    guard reduce(&result, input) else { return .none }
    let (upstream, delivers) = state.withLock { state in
      state.isReduced = true
      return (state.upstream.take(), claimDelivery(&state))
    }
    upstream?.cancel()
    if delivers { deliver() }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      let (upstream, delivers) = state.withLock { state -> ((any Subscription)?, Bool) in
        guard state.upstream != nil, !state.isReduced else { return (nil, false) }
        state.isReduced = true
        return (state.upstream.take(), claimDelivery(&state))
      }
      _ = upstream  // released outside the lock
      if delivers { deliver() }
    case .failure:
      let (upstream, fails) = state.withLock { state -> ((any Subscription)?, Bool) in
        guard state.upstream != nil, !state.isReduced, !state.isDone else { return (nil, false) }
        state.isReduced = true
        state.isDone = true
        return (state.upstream.take(), true)
      }
      _ = upstream
      if fails {
        result = nil
        downstream.receive(completion: completion)
      }
    }
  }

  /// Whether the caller delivers now: the result is final and the downstream asked.
  private func claimDelivery(_ state: inout State) -> Bool {
    guard state.isReduced, state.hasDemand, !state.isDone else { return false }
    state.isDone = true
    return true
  }

  private func deliver() {
    if let result = result.take() {
      _ = downstream.receive(result)
      // A cancel during the value stops the completion.
      guard !state.withLock({ $0.isCancelled }) else { return }
    }
    downstream.receive(completion: .finished)
  }

  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    let delivers = state.withLock { state in
      state.hasDemand = true
      return claimDelivery(&state)
    }
    if delivers { deliver() }
  }

  func cancel() {
    let upstream = state.withLock { state in
      state.isCancelled = true
      state.isDone = true
      return state.upstream.take()
    }
    upstream?.cancel()
  }
}
