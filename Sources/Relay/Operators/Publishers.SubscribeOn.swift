#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

extension Publisher {
  /// Subscribes, requests and cancels on a scheduler; values arrive where the upstream sends
  /// them.
  ///
  /// ```swift
  /// expensiveQuery.subscribe(on: DispatchQueue.global()).receive(on: .main).sink { show($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - scheduler: Where the upstream is subscribed to, asked and cancelled.
  ///   - options: How the scheduler runs that work.
  /// - Returns: A publisher of the same events.
  @inlinable
  public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.SubscribeOn<Self, S>
  {
    Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that subscribes to its upstream, and passes requests and cancels to it, on
  /// a scheduler.
  ///
  /// The downstream receives its subscription once the upstream's arrives, and values and the
  /// completion on the thread the upstream sends them. Its subscription is named "SubscribeOn" in
  /// `print`'s log. Once `cancel()` returns, the downstream receives at most one more call, which
  /// the upstream's thread had already set out to make, though the upstream is cancelled later, on
  /// the scheduler.
  public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher subscribed to on the scheduler.
    public let upstream: Upstream
    /// Where the upstream is subscribed to, asked and cancelled.
    public let scheduler: Context
    /// How the scheduler runs that work.
    public let options: Context.SchedulerOptions?

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher subscribed to on the scheduler.
    ///   - scheduler: Where the upstream is subscribed to, asked and cancelled.
    ///   - options: How the scheduler runs that work.
    @inlinable
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    /// Subscribes to the upstream on the scheduler.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, scheduler: scheduler, options: options)
      let upstream = self.upstream
      scheduler.schedule(options: options) { upstream.subscribe(inner) }
    }
  }
}

extension Publishers.SubscribeOn {
  private final class Inner<Downstream: Subscriber>: OperatorInner<
    Upstream.Output, Upstream.Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    let scheduler: Context
    let options: Context.SchedulerOptions?

    init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.scheduler = scheduler
      self.options = options
      super.init(downstream: downstream)
    }

    override var description: String { "SubscribeOn" }

    override func forward(_ input: Upstream.Output) -> Subscribers.Demand {
      downstream.receive(input)
    }

    override func forward(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion)
    }

    override func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      guard let upstream = link.withLock({ $0.status.subscription }) else { return }
      scheduler.schedule(options: options) { upstream.request(demand) }
    }

    override func cancel() {
      guard let upstream = link.withLock({ $0.status.end() }).subscription else { return }
      scheduler.schedule(options: options) { upstream.cancel() }
    }
  }
}
