import Dispatch

#if canImport(Combine)
  // `Scheduler` is Combine's there, and a file that names its members must import Combine.
  import Combine
#endif

extension Publisher {
  /// Delivers values and the completion on a dispatch queue, in the order they were sent.
  ///
  /// The order holds on a concurrent queue too: one block at a time delivers the values
  /// waiting. The subscription itself is handed over on the calling thread, as Combine does.
  ///
  /// ```swift
  /// $state.receive(on: .main).sink { label.text = $0.userName }.store(in: &subscriptions)
  /// ```
  /// - Parameter queue: Where the downstream is called.
  /// - Returns: A publisher of the same values, delivered on `queue`.
  @inlinable
  public func receive(on queue: DispatchQueue) -> Publishers.ReceiveOn<Self, DispatchQueue> {
    Publishers.ReceiveOn(upstream: self, scheduler: queue, options: nil)
  }

  /// Delivers values and the completion on a scheduler, in the order they were sent.
  ///
  /// A view model that takes its scheduler as a parameter delivers on the main queue in the
  /// app and on a `TestScheduler` or `DispatchQueue.immediate` in its tests:
  ///
  /// ```swift
  /// results.receive(on: scheduler).sink { self.show($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - scheduler: Where the downstream is called.
  ///   - options: How the scheduler runs the deliveries.
  /// - Returns: A publisher of the same values, delivered on `scheduler`.
  @inlinable
  public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.ReceiveOn<Self, S>
  {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's values and completion on a scheduler.
  ///
  /// Values wait in order until a block on the scheduler delivers them; on a `DispatchQueue`
  /// with no options, the block goes to the queue's `async` directly. On a scheduler that runs
  /// work at once (`DispatchQueue.immediate`) each value is delivered before its send returns;
  /// on a `TestScheduler`, when the test advances it. A value that finds no
  /// block pending schedules one, so work submitted to the queue after a send (such as
  /// `queue.sync {}`) runs after that value was delivered. A block takes every value waiting
  /// at once and delivers them one by one, so each value costs constant work however long the
  /// backlog; values that arrive meanwhile are left to the block they scheduled, so a busy
  /// upstream never keeps the queue from its other work for longer than one batch. The
  /// downstream's demand returned from a value is requested from the upstream after it.
  ///
  /// Memory: values wait without bound while the queue is busy or suspended; bound them
  /// upstream (demand) if a producer can outpace the queue for long.
  ///
  /// `cancel()` never waits for the queue: once it returns, the downstream receives at most one
  /// more call, which the queue had already set out to make (a call in progress there finishes),
  /// the values still waiting are released on the cancelling thread after the lock, and those the
  /// queue already took are released there as it skips them.
  ///
  /// Where it differs from Combine: a completion that arrived before `cancel()` is not
  /// delivered after it (Combine's delivers it); a subscription that arrives after a cancel
  /// is cancelled; requesting `.none` stops the program. Values and a completion that arrive
  /// before the subscription are ignored, and after the completion everything is, as in
  /// Combine.
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are moved.
    public let upstream: Upstream
    /// Where the downstream is called.
    public let scheduler: Context
    /// How the scheduler runs the deliveries.
    public let options: Context.SchedulerOptions?

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are moved.
    ///   - scheduler: Where the downstream is called.
    ///   - options: How the scheduler runs the deliveries.
    @inlinable
    public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
      self.upstream = upstream
      self.scheduler = scheduler
      self.options = options
    }

    /// Subscribes the scheduler-hopping subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      // Not `subscribe`: the optimizer will not specialize `subscribe` inside its own
      // specialization, so a chain of operators would run generic code on every value.
      upstream.receive(
        subscriber: Inner(downstream: subscriber, scheduler: scheduler, options: options))
    }

    @usableFromInline
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, SendableWork,
      CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      // Every mutable field is in `state`, guarded by its lock; `isCancelled` is set under it
      // by `cancel()` and read by the delivering block before each call. `downstream` is
      // called only by the runner of the state's delivery: one block at a time.
      @usableFromInline typealias Event = DownstreamEvent<Output, Failure>

      @usableFromInline struct State {
        @usableFromInline var status = OperatorStatus.awaiting
        /// Every event waits for a block on the scheduler; each block delivers the batch that
        /// waited when it started.
        @usableFromInline var delivery = SerialDelivery<Event>(mode: .drainerDelivers)
        /// The completion arrived: nothing more is accepted.
        ///
        /// The upstream's subscription is kept until the completion is delivered, for the demand of
        /// the values before it.
        @usableFromInline var isCompleted = false
        @inlinable init() {}
      }

      @usableFromInline let downstream: Downstream
      @usableFromInline let scheduler: Context
      @usableFromInline let options: Context.SchedulerOptions?
      /// The scheduler, when it is a dispatch queue asked for no options: the fast path.
      @usableFromInline let queue: DispatchQueue?
      @usableFromInline let state = Lock<State>.make(State())
      @usableFromInline let isCancelled = AtomicWord(false)
      /// `deliver(_:requestingFrom:)` as compiled where the publisher was subscribed, for the
      /// block (which runs through `SendableWork`, in code not specialized for `Output`) to
      /// deliver each batch with code that is: a value then costs no generic-metadata lookups.
      @usableFromInline let deliverBatch:
        (Inner, inout DeliveryQueue<SerialDelivery<Event>.Waiting>, (any Subscription)?) -> Void

      @inlinable
      init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
        queue = options == nil ? scheduler as? DispatchQueue : nil
        deliverBatch = { inner, batch, upstream in inner.deliver(&batch, requestingFrom: upstream) }
      }

      deinit { isCancelled.deallocate() }

      @inlinable
      func receive(subscription: any Subscription) {
        guard state.withLock({ $0.status.accept(subscription) }) else {
          return subscription.cancel()
        }
        downstream.receive(subscription: self)
      }

      @inlinable
      func receive(_ input: Output) -> Subscribers.Demand {
        enqueue(.value(input))
        return .none
      }

      @inlinable
      func receive(completion: Subscribers.Completion<Failure>) {
        enqueue(.completion(completion))
      }

      @inlinable
      func enqueue(_ event: Event) {
        let thread = ThreadIdentity.current
        let schedules = state.withLock { state -> Bool in
          guard case .subscribed = state.status, !state.isCompleted else { return false }
          if case .completion = event { state.isCompleted = true }
          // A block scheduled now runs before any work submitted to the queue after this
          // call: `queue.sync {}` after a send finds the value delivered.
          guard case .scheduleDrainer = state.delivery.submit(event, from: thread) else {
            return false
          }
          return true
        }
        if schedules { schedule() }
      }

      @usableFromInline
      func schedule() {
        let work: any SendableWork = self
        if let queue {
          queue.async { work.perform() }
        } else {
          scheduler.schedule(options: options) { work.perform() }
        }
      }

      /// Delivers the batch that waited when this block started; a new block takes what came
      /// meanwhile, so a busy upstream never keeps the queue from its other work for longer than
      /// one batch.
      @usableFromInline
      func perform() {
        let thread = ThreadIdentity.current
        let started = state.withLock {
          state -> (DeliveryQueue<SerialDelivery<Event>.Waiting>, (any Subscription)?)? in
          // On a concurrent queue another block may be delivering: it leaves this one nothing.
          guard let batch = state.delivery.drainerTakesBatch(on: thread) else { return nil }
          return (batch, state.status.subscription)
        }
        guard var (batch, upstream) = started else { return }
        deliverBatch(self, &batch, upstream)
        upstream = nil  // released outside the lock
        let next = state.withLock { $0.delivery.nextBatch(from: thread) }
        if case .scheduleDrainer = next { schedule() }
      }

      /// Delivers a batch, unless the subscriber cancels.
      ///
      /// Asks the upstream for the demand each value returns. Each event is released once
      /// delivered; after a cancel, the rest go with the batch, on this thread.
      @inlinable
      func deliver(
        _ batch: inout DeliveryQueue<SerialDelivery<Event>.Waiting>,
        requestingFrom upstream: (any Subscription)?
      ) {
        batch.removeEach { waiting in
          if isCancelled.load(ordering: .acquiring) { return false }
          switch waiting.event {
          case .value(let value):
            let demand = downstream.receive(value)
            if demand != .none, !isCancelled.load(ordering: .acquiring) {
              upstream?.request(demand)
            }
          case .completion(let completion):
            // The upstream is done: forget its subscription (after the lock).
            let ended = state.withLock { state in
              defer { state.status = .terminated }
              return state.status
            }
            _ = ended
            downstream.receive(completion: completion)
          }
          return true
        }
      }

      @inlinable
      func request(_ demand: Subscribers.Demand) {
        _checkDemand(demand)
        state.withLock { $0.status.subscription }?.request(demand)
      }

      @inlinable
      func cancel() {
        let (upstream, dropped) = state.withLock { state in
          isCancelled.store(true, ordering: .releasing)
          defer { state.status = .terminated }
          return (state.status.subscription, state.delivery.removeAll())
        }
        upstream?.cancel()
        _ = dropped  // released after the lock
      }

      @usableFromInline var description: String { "ReceiveOn" }
    }
  }
}
