import Dispatch

extension Publisher {
  /// Delivers values and the completion on a dispatch queue, in the order they were sent.
  ///
  /// The order holds on a concurrent queue too: one block at a time drains the values waiting.
  /// The subscription itself is handed over on the calling thread, as Combine does.
  ///
  /// ```swift
  /// $state.receive(on: .main).sink { label.text = $0.userName }
  /// ```
  /// - Parameter queue: Where the downstream is called.
  /// - Returns: A publisher of the same values, delivered on `queue`.
  @inlinable
  public func receive(on queue: DispatchQueue) -> Publishers.ReceiveOn<Self> {
    Publishers.ReceiveOn(upstream: self, queue: queue)
  }
}

extension Publishers {
  /// A publisher that delivers its upstream's values and completion on a dispatch queue.
  public struct ReceiveOn<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are moved.
    public let upstream: Upstream
    /// Where the downstream is called.
    public let queue: DispatchQueue

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are moved.
    ///   - queue: Where the downstream is called.
    @inlinable
    public init(upstream: Upstream, queue: DispatchQueue) {
      self.upstream = upstream
      self.queue = queue
    }

    /// Subscribes the queue-hopping subscriber to the upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      // Not `subscribe`: the optimizer will not specialize `subscribe` inside its own
      // specialization, so a chain of operators would run generic code on every value.
      upstream.receive(subscriber: Inner(downstream: subscriber, queue: queue))
    }

    @usableFromInline
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, SendableAction,
      CustomStringConvertible,
      @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
      // the one drain block at a time.
      @usableFromInline enum Event {
        case value(Output)
        case completion(Subscribers.Completion<Failure>)
      }

      @usableFromInline struct State {
        @usableFromInline var upstream: (any Subscription)?
        @usableFromInline var waiting: [Event] = []
        @usableFromInline var isDraining = false
        @usableFromInline var isCancelled = false
        @usableFromInline var isCompleted = false
        @usableFromInline var deliveringThread: ThreadIdentity?
        @usableFromInline var cancellers: [RelayWaiter] = []
        @inlinable init() {}
      }

      @usableFromInline let downstream: Downstream
      @usableFromInline let queue: DispatchQueue
      @usableFromInline let state = Lock<State>.make(State())

      @inlinable
      init(downstream: Downstream, queue: DispatchQueue) {
        self.downstream = downstream
        self.queue = queue
      }

      @inlinable
      func receive(subscription: any Subscription) {
        let accepted = state.withLock { state in
          guard state.upstream == nil, !state.isCancelled, !state.isCompleted else { return false }
          state.upstream = subscription
          return true
        }
        guard accepted else { return subscription.cancel() }
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

      @usableFromInline
      func enqueue(_ event: Event) {
        let schedules = state.withLock { state in
          guard !state.isCancelled, !state.isCompleted else { return false }
          if case .completion = event {
            state.isCompleted = true
            state.upstream = nil
          }
          state.waiting.append(event)
          defer { state.isDraining = true }
          return !state.isDraining
        }
        if schedules {
          let action: any SendableAction = self
          queue.async { action.run() }
        }
      }

      /// Delivers the waiting events one by one on the queue.
      @usableFromInline
      func run() {
        let thread = ThreadIdentity.current
        while true {
          let next = state.withLock { state -> (Event, (any Subscription)?)? in
            guard !state.isCancelled, !state.waiting.isEmpty else {
              state.isDraining = false
              return nil
            }
            state.deliveringThread = thread
            return (state.waiting.removeFirst(), state.upstream)
          }
          guard let (event, upstream) = next else { return }
          switch event {
          case .value(let value):
            let demand = downstream.receive(value)
            if demand != .none { upstream?.request(demand) }
          case .completion(let completion):
            downstream.receive(completion: completion)
          }
          let cancellers = state.withLock { state in
            state.deliveringThread = nil
            return state.cancellers.take()
          }
          for canceller in cancellers { canceller.wake() }
        }
      }

      @inlinable
      func request(_ demand: Subscribers.Demand) {
        _checkDemand(demand)
        state.withLock { $0.upstream }?.request(demand)
      }

      @inlinable
      func cancel() {
        let thread = ThreadIdentity.current
        let (upstream, waiter) = state.withLock { state -> ((any Subscription)?, RelayWaiter?) in
          guard !state.isCancelled else { return (nil, nil) }
          state.isCancelled = true
          state.waiting = []
          var waiter: RelayWaiter?
          if let delivering = state.deliveringThread, delivering != thread {
            waiter = RelayWaiter()
            state.cancellers.append(waiter!)
          }
          return (state.upstream.take(), waiter)
        }
        upstream?.cancel()
        if let waiter {
          waiter.wait()
          state.withLock { _ in }  // pairs with the drain's unlock, for the sanitizer too
        }
      }

      @usableFromInline var description: String { "ReceiveOn" }
    }
  }
}
