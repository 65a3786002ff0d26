#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

extension Publisher {
  /// Publishes, for each value, the time since the previous one, or since the subscription
  /// for the first, measured by a scheduler's clock.
  ///
  /// ```swift
  /// taps.measureInterval(using: DispatchQueue.main)
  ///   .filter { $0 < .milliseconds(300) }
  ///   .sink { _ in zoomIn() }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - scheduler: The scheduler whose `now` measures the intervals.
  ///   - options: Unused, as in Combine: the values are published on the upstream's thread.
  /// - Returns: A publisher of the intervals between the upstream's values.
  @inlinable
  public func measureInterval<S: Scheduler>(
    using scheduler: S, options: S.SchedulerOptions? = nil
  ) -> Publishers.MeasureInterval<Self, S> {
    Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
  }
}

extension Publishers {
  /// A publisher of the intervals between its upstream's values, measured by a scheduler's
  /// clock.
  ///
  /// As in Combine: the clock is read when the upstream subscribes and at each value, on the
  /// upstream's thread; the interval is published at once, nothing is scheduled. Requests,
  /// the completion and `cancel()` pass through. Its subscription is named "MeasureInterval"
  /// in `print`'s log.
  public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The time between two values, or between the subscription and the first value.
    public typealias Output = Context.SchedulerTimeType.Stride
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are timed.
    public let upstream: Upstream
    /// The scheduler whose clock measures the intervals.
    public let scheduler: Context

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are timed.
    ///   - scheduler: The scheduler whose clock measures the intervals.
    @inlinable
    public init(upstream: Upstream, scheduler: Context) {
      self.upstream = upstream
      self.scheduler = scheduler
    }

    /// Subscribes to the upstream, which hands the downstream its subscription.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler))
    }
  }
}

extension Publishers.MeasureInterval {
  private final class Inner<Downstream: Subscriber>: OperatorInner<
    Upstream.Output, Upstream.Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `last` is touched only by the upstream's calls, which are serial.
    private let scheduler: Context
    private var last: Context.SchedulerTimeType?

    init(downstream: Downstream, scheduler: Context) {
      self.scheduler = scheduler
      super.init(downstream: downstream)
    }

    override var description: String { "MeasureInterval" }

    override func didSubscribe(_ upstream: any Subscription) {
      last = scheduler.now
      super.didSubscribe(upstream)
    }

    override func forward(_ input: Upstream.Output) -> Subscribers.Demand {
      let now = scheduler.now
      defer { last = now }
      return downstream.receive((last ?? now).distance(to: now))
    }

    override func forward(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion)
    }
  }
}
