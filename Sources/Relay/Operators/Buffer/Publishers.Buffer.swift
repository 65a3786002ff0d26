extension Publisher {
  /// Holds up to `size` values the subscriber has not asked for yet, and delivers them as it
  /// asks.
  ///
  /// ```swift
  /// events.buffer(size: 100, prefetch: .byRequest, whenFull: .dropOldest)
  ///   .flatMap(maxPublishers: .max(1)) { upload($0) }
  ///   .sink { _ in }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - size: How many values the buffer holds.
  ///   - prefetch: Whether the upstream is asked for `size` values and then one per value
  ///     delivered (`keepFull`), or for every value at once (`byRequest`).
  ///   - whenFull: What a value that finds the buffer full does.
  /// - Returns: A publisher of the same values, buffered.
  @inlinable
  public func buffer(
    size: Int, prefetch: Publishers.PrefetchStrategy,
    whenFull: Publishers.BufferingStrategy<Failure>
  ) -> Publishers.Buffer<Self> {
    Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
  }
}

extension Publishers {
  /// A publisher that buffers its upstream's values until its subscriber asks for them.
  ///
  /// The upstream is asked before the subscriber receives its subscription. A value that finds
  /// the subscriber with demand and nothing waiting goes through at once. When the upstream
  /// finishes, the values in the buffer are delivered first; when it fails, they are dropped and
  /// the failure is delivered at once. `customError`'s failure waits for the subscriber's next
  /// request, follows the values that request allows, and drops the rest, as in Combine. Values that come after a completion are ignored (Combine
  /// keeps buffering them). The subscriber is called by one thread at a time, never under a lock;
  /// its subscription is named "Buffer" in `print`'s log.
  public struct Buffer<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are buffered.
    public let upstream: Upstream
    /// How many values the buffer holds.
    public let size: Int
    /// How the upstream is asked for values.
    public let prefetch: Publishers.PrefetchStrategy
    /// What a value that finds the buffer full does.
    public let whenFull: Publishers.BufferingStrategy<Failure>

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are buffered.
    ///   - size: How many values the buffer holds.
    ///   - prefetch: How the upstream is asked for values.
    ///   - whenFull: What a value that finds the buffer full does.
    @inlinable
    public init(
      upstream: Upstream, size: Int, prefetch: Publishers.PrefetchStrategy,
      whenFull: Publishers.BufferingStrategy<Failure>
    ) {
      self.upstream = upstream
      self.size = size
      self.prefetch = prefetch
      self.whenFull = whenFull
    }

    /// Subscribes the buffering subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.Buffer {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by the
    // thread that set `state.isDelivering`; the upstream and `whenFull`'s closure are called with
    // no lock held.
    struct State {
      var status = OperatorStatus.awaiting
      var values = DeliveryQueue<Output>()
      var demand = Subscribers.Demand.none
      /// The completion, delivered once the values before it were.
      var completion: Subscribers.Completion<Failure>?
      /// The buffer overflowed with `customError`: the error is being made.
      var isFailing = false
      var isDelivering = false
      /// The completion was taken for delivery, or the subscriber cancelled.
      var isDone = false

      /// The deliverer's next step: a value the demand allows, else the completion, once
      /// the buffer is empty or, for a failure, once the demand is spent (dropping what waits).
      mutating func next() -> Step {
        if !isDone {
          if demand > 0, let value = values.popFirst() {
            demand -= 1
            return .value(value)
          }
          if let completion {
            let fails = if case .failure = completion { true } else { false }
            if values.isEmpty || fails {
              isDone = true
              return .completion(completion, dropped: values.take())
            }
          }
        }
        isDelivering = false
        return .stop
      }

      /// Makes the caller the deliverer, unless somebody delivers already, and returns its first
      /// step.
      mutating func claim() -> Step {
        guard !isDelivering, !isDone else { return .stop }
        isDelivering = true
        return next()
      }
    }

    enum Step {
      case value(Output)
      /// The completion, and the values it drops.
      case completion(Subscribers.Completion<Failure>, dropped: DeliveryQueue<Output>)
      case stop
    }

    let downstream: Downstream
    let size: Int
    let prefetch: Publishers.PrefetchStrategy
    let whenFull: Publishers.BufferingStrategy<Failure>
    let state = Lock<State>.make(State())

    init(downstream: Downstream, publisher: Publishers.Buffer<Upstream>) {
      self.downstream = downstream
      size = Swift.max(publisher.size, 0)
      prefetch = publisher.prefetch
      whenFull = publisher.whenFull
    }

    var description: String { "Buffer" }

    func receive(subscription: any Subscription) {
      guard state.withLock({ $0.status.accept(subscription) }) else {
        return subscription.cancel()
      }
      switch prefetch {
      case .keepFull: if size > 0 { subscription.request(.max(size)) }
      case .byRequest: subscription.request(.unlimited)
      }
      downstream.receive(subscription: self)
    }

    /// What a value that arrived leads to.
    enum Arrival {
      case deliver(Output)
      case ignored
      case kept
      case overflowed(any Subscription)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      let arrival = state.withLock { state -> Arrival in
        guard case .subscribed = state.status, !state.isFailing else { return .ignored }
        if !state.isDelivering, state.values.isEmpty, state.demand > 0 {
          state.demand -= 1
          state.isDelivering = true
          return .deliver(input)
        }
        if state.values.count < size {
          state.values.append(input)
          return .kept
        }
        switch whenFull {
        case .dropNewest: return .ignored
        case .dropOldest:
          if !state.values.isEmpty {
            _ = state.values.popFirst()
            state.values.append(input)
          }
          return .kept
        case .customError:
          state.isFailing = true
          return state.status.end().subscription.map(Arrival.overflowed) ?? .ignored
        }
      }
      switch arrival {
      case .deliver(let value): return settle(deliver(from: .value(value)))
      case .ignored: return .none
      case .kept: return settle(deliver(from: state.withLock { $0.claim() }))
      case .overflowed(let upstream):
        upstream.cancel()
        if case .customError(let makeError) = whenFull { fail(with: makeError()) }
        return .none
      }
    }

    /// The demand a delivery started by the upstream's call returns to it: one value for each
    /// delivered, to keep the buffer full.
    private func settle(_ delivered: Int) -> Subscribers.Demand {
      prefetch == .keepFull && delivered > 0 ? .max(delivered) : .none
    }

    /// The buffer overflowed: the failure waits for the subscriber's next request, and follows
    /// the values that request allows (or for the delivery in progress, if any).
    private func fail(with error: Failure) {
      state.withLock { state in
        guard !state.isDone else { return }
        state.completion = .failure(error)
      }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let (step, dropped) = state.withLock { state -> (Step, DeliveryQueue<Output>) in
        guard case .subscribed = state.status, !state.isFailing else { return (.stop, .init()) }
        _ = state.status.end()
        state.completion = completion
        // The upstream's failure goes first: the values waiting are dropped.
        let dropped: DeliveryQueue<Output> =
          if case .failure = completion { state.values.take() } else { .init() }
        return (state.claim(), dropped)
      }
      _ = dropped  // released outside the lock
      _ = deliver(from: step)
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      let step = state.withLock { state -> Step in
        state.demand += demand
        return state.claim()
      }
      let delivered = deliver(from: step)
      guard prefetch == .keepFull, delivered > 0 else { return }
      state.withLock { $0.status.subscription }?.request(.max(delivered))
    }

    func cancel() {
      let (upstream, dropped) = state.withLock { state in
        state.isDone = true
        return (state.status.end().subscription, state.values.take())
      }
      _ = dropped  // released outside the lock
      upstream?.cancel()
    }

    /// Delivers as the deliverer, starting with `step`, until nothing more can go.
    ///
    /// - Returns: How many values it delivered.
    private func deliver(from step: Step) -> Int {
      var (step, delivered) = (step, 0)
      while true {
        switch step {
        case .value(let value):
          let more = downstream.receive(value)
          delivered += 1
          step = state.withLock { state in
            state.demand += more
            return state.next()
          }
        case .completion(let completion, let dropped):
          _ = dropped  // released outside the lock
          downstream.receive(completion: completion)
          return delivered
        case .stop:
          return delivered
        }
      }
    }
  }
}
