#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

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
    settle(more, by: { $0.request(more) }, then: { $0.request(more) })
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
