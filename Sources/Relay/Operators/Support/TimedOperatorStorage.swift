/// The subscription of a `debounce`, `throttle` or `delay`: its deliveries stay on its
/// scheduler, and demand the downstream returns is settled by its state.
@usableFromInline
protocol TimedOperatorStorage: OutboxStorage where Machine: TimedOperatorState {
  associatedtype Context: Scheduler

  var scheduler: Context { get }
  /// How the scheduler runs the drainer.
  var options: Context.SchedulerOptions? { get }
}

extension TimedOperatorStorage {
  @inlinable
  func settleDelivery(asking more: Subscribers.Demand) -> Machine.Step {
    let (step, upstream) = state.withLock { state in
      let upstream = more == .none ? nil : state.request(more)
      return (state.outbox.step(), upstream)
    }
    upstream?.request(more)
    return step
  }

  /// Deliveries stay on the scheduler.
  @inlinable
  func scheduleDrainer(_ drain: @escaping () -> Void) {
    scheduler.schedule(options: options, drain)
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    state.withLock { $0.request(demand) }?.request(demand)
  }
}
