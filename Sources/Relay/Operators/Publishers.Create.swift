extension AnyPublisher {
  /// Creates a publisher from a closure that sends values and a completion through the
  /// handle it is given, and returns what cancels its work.
  ///
  /// ```swift
  /// let ticks = AnyPublisher<Int, Never> { subscriber in
  ///   let timer = Clock.every(1) { subscriber.send($0) }
  ///   return AnyCancellable { timer.stop() }
  /// }
  /// ```
  /// - Parameter factory: Runs once per subscription, after the subscriber has its
  ///   subscription; sends through the handle, from any thread, and returns the cleanup,
  ///   cancelled when the subscription is cancelled or the completion was delivered.
  public init(_ factory: @escaping Publishers.Create<Output, Failure>.SubscriberHandler) {
    self = Publishers.Create(factory: factory).eraseToAnyPublisher()
  }

  /// Creates a publisher from a closure that sends values and a completion through the
  /// handle it is given, and returns what cancels its work.
  ///
  /// ```swift
  /// let greeting = AnyPublisher<String, Never>.create { subscriber in
  ///   subscriber.send("Hello")
  ///   subscriber.send(completion: .finished)
  ///   return AnyCancellable {}
  /// }
  /// ```
  /// - Parameter factory: Runs once per subscription; sends through the handle and returns
  ///   the cleanup.
  /// - Returns: The publisher.
  public static func create(
    _ factory: @escaping Publishers.Create<Output, Failure>.SubscriberHandler
  ) -> AnyPublisher<Output, Failure> {
    AnyPublisher(factory)
  }
}

extension Publishers {
  /// A publisher whose events a closure sends through a handle, as CombineExt's
  /// `AnyPublisher.create` does.
  ///
  /// For each subscription, the subscriber receives its subscription, then the closure runs
  /// with a new handle and returns the cleanup. Values sent beyond the subscriber's demand
  /// wait in order (without bound) until it asks for more; the completion is delivered after
  /// the values that demand allows, and drops those still waiting, as in CombineExt; nothing
  /// sent after it is delivered. The cleanup is cancelled after the completion, or on cancel.
  /// The handle may be used from any thread: the thread that finds nobody delivering
  /// delivers, one call at a time. Its subscription is named "Create" in `print`'s log.
  public struct Create<Output, Failure: Error>: Publisher {
    /// The closure: gets the handle, returns the cleanup.
    public typealias SubscriberHandler = (Subscriber) -> any Cancellable

    /// Runs once per subscription.
    public let factory: SubscriberHandler

    /// Creates the publisher.
    ///
    /// - Parameter factory: Runs once per subscription with a new handle; returns the
    ///   cleanup.
    public init(factory: @escaping SubscriberHandler) { self.factory = factory }

    /// Hands the subscriber its subscription, then runs the closure.
    public func receive<S: Relay.Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let conduit = Conduit(downstream: subscriber)
      subscriber.receive(subscription: conduit)
      conduit.start(factory)
    }
  }
}

extension Publishers.Create {
  /// The handle a `create` closure sends its values and completion through.
  ///
  /// ```swift
  /// AnyPublisher<Int, Never>.create { subscriber in
  ///   subscriber.send(1)
  ///   subscriber.send(completion: .finished)
  ///   return AnyCancellable {}
  /// }
  /// ```
  public struct Subscriber {
    let onValue: (Output) -> Void
    let onCompletion: (Subscribers.Completion<Failure>) -> Void

    /// Sends a value: delivered now if the subscriber has demand, later otherwise.
    ///
    /// - Parameter input: The value.
    public func send(_ input: Output) { onValue(input) }

    /// Sends the completion: delivered after the values demand allows, dropping the rest.
    ///
    /// - Parameter completion: `.finished`, or `.failure` with the error.
    public func send(completion: Subscribers.Completion<Failure>) { onCompletion(completion) }
  }
}

extension Publishers.Create.Subscriber: @unchecked Sendable where Output: Sendable {}

extension Publishers.Create {
  private final class Conduit<Downstream: Relay.Subscriber>: Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
    // the thread that set `state.isDelivering`.
    struct State {
      var demand = Subscribers.Demand.none
      var waiting = DeliveryQueue<Output>()
      var completion: Subscribers.Completion<Failure>?
      var isDelivering = false
      /// The completion was taken for delivery, or the subscriber cancelled.
      var isTerminated = false
      var cleanup: (any Cancellable)?

      /// Makes the caller the deliverer when nobody delivers.
      mutating func claim() -> Bool {
        guard !isDelivering, !isTerminated else { return false }
        isDelivering = true
        return true
      }

      /// The deliverer's next step.
      mutating func next() -> Step {
        if !isTerminated {
          if demand > 0, let value = waiting.popFirst() {
            demand -= 1
            return .value(value)
          }
          if let completion {
            isTerminated = true
            return .completion(completion, cleanup.take(), waiting.take())
          }
        }
        isDelivering = false
        return .stop
      }
    }

    enum Step {
      case value(Output)
      /// The completion, the cleanup to cancel after it, the values it drops.
      case completion(Subscribers.Completion<Failure>, (any Cancellable)?, DeliveryQueue<Output>)
      case stop
    }

    let downstream: Downstream
    let state = Lock<State>.make(State())

    init(downstream: Downstream) { self.downstream = downstream }

    var description: String { "Create" }

    func start(_ factory: SubscriberHandler) {
      let handle = Subscriber(
        onValue: { [weak self] in self?.send($0) },
        onCompletion: { [weak self] in self?.send(completion: $0) })
      let cleanup = factory(handle)
      let ended = state.withLock { state -> Bool in
        guard !state.isTerminated else { return true }
        state.cleanup = cleanup
        return false
      }
      if ended { cleanup.cancel() }
    }

    func send(_ value: Output) {
      let delivers = state.withLock { state -> Bool in
        guard !state.isTerminated, state.completion == nil else { return false }
        state.waiting.append(value)
        return state.claim()
      }
      if delivers { deliver() }
    }

    func send(completion: Subscribers.Completion<Failure>) {
      let delivers = state.withLock { state -> Bool in
        guard !state.isTerminated, state.completion == nil else { return false }
        state.completion = completion
        return state.claim()
      }
      if delivers { deliver() }
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      let delivers = state.withLock { state -> Bool in
        state.demand += demand
        return state.claim()
      }
      if delivers { deliver() }
    }

    func cancel() {
      let ended = state.withLock { state -> ((any Cancellable)?, DeliveryQueue<Output>)? in
        guard !state.isTerminated else { return nil }
        state.isTerminated = true
        return (state.cleanup.take(), state.waiting.take())
      }
      ended?.0?.cancel()
    }

    /// Delivers what demand allows, one call at a time, until nothing more can go.
    private func deliver() {
      while true {
        switch state.withLock({ $0.next() }) {
        case .value(let value):
          let more = downstream.receive(value)
          if more != .none { state.withLock { $0.demand += more } }
        case .completion(let completion, let cleanup, let dropped):
          _ = dropped  // released outside the lock
          downstream.receive(completion: completion)
          cleanup?.cancel()
          return
        case .stop:
          return
        }
      }
    }
  }
}
