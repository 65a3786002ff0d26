/// A subscription that holds what is sent to its subscriber until the subscriber asks for
/// it, as CombineExt's demand buffer does: `AnyPublisher.create` and `share(replay:)` hand one
/// to each subscriber.
///
/// Values sent beyond the demand wait in order, without bound. A completion is delivered
/// after the values the demand allows and drops those still waiting; nothing is delivered
/// after it or after a cancel, nor before `start()`. `send`, `request` and `cancel` may come from any thread: the
/// thread that finds nobody delivering delivers, one call at a time, with no lock held, until
/// nothing more can go. `onEnd` runs once, after the completion was delivered or on cancel.
@usableFromInline
final class BufferedSubscription<Downstream: Subscriber>: Subscription,
  CustomStringConvertible, @unchecked Sendable
{
  // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
  // the thread that set `state.isDelivering`.
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure

  // The per-value path (`send`, `endDelivery`) reads only fields whose layout does not depend
  // on the generic parameters, declared first, and returns non-generic results: code that runs
  // unspecialized then looks up no generic metadata for `completion` or for a `Step`.
  @usableFromInline
  struct State {
    @usableFromInline var demand = Subscribers.Demand.none
    @usableFromInline var isDelivering = false
    /// `start()` was called: the subscriber has its subscription.
    @usableFromInline var isStarted = false
    /// The completion was taken for delivery, or the subscriber cancelled.
    @usableFromInline var isTerminated = false
    /// `completion` is set.
    @usableFromInline var isCompleted = false
    @usableFromInline var onEnd: (() -> Void)?
    @usableFromInline var waiting = DeliveryQueue<Output>()
    /// Set once, with `isCompleted`.
    @usableFromInline var completion: Subscribers.Completion<Failure>?

    @inlinable init() {}

    /// Makes the caller the deliverer when nobody delivers.
    @inlinable
    mutating func claim() -> Bool {
      guard isStarted, !isDelivering, !isTerminated else { return false }
      isDelivering = true
      return true
    }

    /// A value is sent: the caller delivers it at once when the subscriber has demand,
    /// nobody delivers and nothing waits (the fast path: the queue is never touched);
    /// otherwise it waits, and the caller becomes the deliverer when it can deliver.
    @inlinable
    mutating func send(_ value: Output) -> BufferedSend {
      guard !isTerminated, !isCompleted else { return .none }
      guard isStarted, !isDelivering, demand > 0 else {
        waiting.append(value)
        return .none
      }
      isDelivering = true
      guard waiting.isEmpty else {
        waiting.append(value)
        return .deliverWaiting
      }
      demand -= 1
      return .deliverValue
    }

    /// The deliverer delivered a value and the subscriber returned `more`: counts it, and
    /// stops delivering unless `next()` would find something to deliver (true: the deliverer
    /// goes on with `next()`).
    @inlinable
    mutating func endDelivery(adding more: Subscribers.Demand) -> Bool {
      demand += more
      if !isTerminated, isCompleted || (demand > 0 && !waiting.isEmpty) { return true }
      isDelivering = false
      return false
    }

    /// The deliverer's next step.
    @inlinable
    mutating func next() -> Step {
      if !isTerminated {
        if demand > 0, let value = waiting.popFirst() {
          demand -= 1
          return .value(value)
        }
        if let completion {
          isTerminated = true
          return .completion(completion, onEnd.take(), waiting.take())
        }
      }
      isDelivering = false
      return .stop
    }
  }

  @usableFromInline
  enum Step {
    case value(Output)
    /// The completion, what runs after it, and the values it drops.
    case completion(Subscribers.Completion<Failure>, (() -> Void)?, DeliveryQueue<Output>)
    case stop
  }

  @usableFromInline let downstream: Downstream
  @usableFromInline let description: String
  /// Runs with each demand the subscriber asks for, after it is counted: to pass it upstream.
  @usableFromInline let onRequest: ((Subscribers.Demand) -> Void)?
  @usableFromInline let state = Lock<State>.make(State())

  /// Creates the subscription of `downstream`, named `description` in `print`'s log;
  /// `onRequest` runs with each demand the subscriber asks for.
  @inlinable
  init(
    downstream: Downstream, description: String,
    onRequest: ((Subscribers.Demand) -> Void)? = nil
  ) {
    self.downstream = downstream
    self.description = description
    self.onRequest = onRequest
  }

  /// Lets deliveries begin, once the subscriber has this subscription, and delivers what
  /// the demand allows.
  @inlinable
  func start() {
    state.withLock { $0.isStarted = true }
    deliverIfIdle()
  }

  /// The capacity of the queue of waiting values: zero until a value has had to wait.
  var waitingCapacity: Int { state.withLock { $0.waiting.capacity } }

  /// Sets what runs once the subscription ends; runs it now when it has ended already.
  @inlinable
  func onEnd(_ body: @escaping () -> Void) {
    let ended = state.withLock { state -> Bool in
      guard !state.isTerminated else { return true }
      state.onEnd = body
      return false
    }
    if ended { body() }
  }

  /// Sends a value: delivered now when the subscriber has demand and nobody delivers.
  ///
  /// One lock acquisition decides, and one more after the delivery counts the demand
  /// returned and finds whether anything more can go (a third then finds it).
  @inlinable
  func send(_ value: Output) {
    switch state.withLock({ $0.send(value) }) {
    case .deliverValue:
      let more = downstream.receive(value)
      if state.withLock({ $0.endDelivery(adding: more) }) { deliverNext() }
    case .deliverWaiting:
      deliverNext()
    case .none:
      return
    }
  }

  /// As the deliverer, delivers what the demand allows, until nothing more can go.
  ///
  /// Out of line, so that `send`'s fast path, unspecialized, does not look up the metadata of
  /// a `Step`.
  @inlinable @inline(never)
  func deliverNext() {
    deliver(from: state.withLock { $0.next() })
  }

  /// Queues a value without delivering it; `deliverIfIdle()` delivers it later.
  @inlinable
  func enqueue(_ value: Output) {
    state.withLock { state in
      guard !state.isTerminated, !state.isCompleted else { return }
      state.waiting.append(value)
    }
  }

  /// Sends the completion: delivered after the values the demand allows.
  @inlinable
  func send(completion: Subscribers.Completion<Failure>) {
    state.withLock { state in
      guard !state.isTerminated, !state.isCompleted else { return }
      state.completion = completion
      state.isCompleted = true
    }
    deliverIfIdle()
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    _checkDemand(demand)
    state.withLock { $0.demand += demand }
    onRequest?(demand)
    deliverIfIdle()
  }

  @inlinable
  func cancel() {
    let ended = state.withLock { state -> ((() -> Void)?, DeliveryQueue<Output>)? in
      guard !state.isTerminated else { return nil }
      state.isTerminated = true
      return (state.onEnd.take(), state.waiting.take())
    }
    ended?.0?()
  }

  /// Delivers what the demand allows, one call at a time, unless somebody delivers already.
  @inlinable
  func deliverIfIdle() {
    deliver(from: state.withLock { $0.claim() ? $0.next() : .stop })
  }

  /// Delivers as the deliverer, starting with `step`, until nothing more can go.
  @inlinable
  func deliver(from step: Step) {
    var step = step
    while true {
      switch step {
      case .value(let value):
        let more = downstream.receive(value)
        step = state.withLock { state in
          state.demand += more
          return state.next()
        }
      case .completion(let completion, let onEnd, let dropped):
        _ = dropped  // released outside the lock
        downstream.receive(completion: completion)
        onEnd?()
        return
      case .stop:
        return
      }
    }
  }
}

/// What a send decided under a `BufferedSubscription`'s lock; not generic, so that
/// unspecialized code returns it without looking up any metadata.
@usableFromInline
enum BufferedSend {
  /// The caller is the deliverer and delivers the value it sent; the demand counted it.
  case deliverValue
  /// The value waits behind others; the caller is the deliverer and delivers what waits.
  case deliverWaiting
  /// The value waits, or is dropped after the end; somebody else delivers, or nobody can.
  case none
}
