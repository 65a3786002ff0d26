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
    settle(
      more, by: { $0.requestWhileDelivering(more).unlessEmpty }, then: { $0.callUpstreams() })
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    perform(state.withLock { $0.request(demand) })
  }
}
