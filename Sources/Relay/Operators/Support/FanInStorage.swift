/// The subscription of a `merge`, `zip` or `combineLatest`, whose upstreams are numbered.
@usableFromInline
protocol FanInStorage: OutboxStorage where Machine: FanInStateMachine {}

extension FanInStorage {
  @inlinable
  func receive(subscription: any Subscription, at index: Int) {
    accept(subscription, asking: state.withLock { $0.subscribed(subscription, at: index) })
  }
}

extension FanInStorage where Machine: FanInRequestStateMachine {
  @inlinable
  func settleDelivery(asking more: Subscribers.Demand) -> Machine.Step {
    // A downstream that asks for nothing more, the usual case, makes no effects to build.
    guard more != .none else { return state.withLock { $0.outbox.step() } }
    let (step, effects) = state.withLock { $0.delivered(asking: more) }
    effects.callUpstreams()
    return step
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    perform(state.withLock { $0.request(demand) })
  }
}
