/// The subscription of a `merge`, `zip` or `combineLatest`, whose upstreams are numbered.
@usableFromInline
protocol FanInStorage: OutboxStorage where Machine: FanInStateMachine {}

extension FanInStorage {
  @inlinable
  func receive(subscription: any Subscription, at index: Int) {
    accept(subscription, asking: state.withLock { $0.subscribed(subscription, at: index) })
  }
}
