/// The rules of `switchToLatest`, as a value with no locks and no threads: the storage asks it
/// what to do under its lock, releases the lock, and then does it.
///
/// As in Combine: the upstream is asked for every publisher; each new one cancels the
/// current one and is asked for the demand the downstream has left. It finishes when the
/// upstream and the current publisher finished; a failure of either fails it and cancels the
/// other.
struct SwitchToLatestStateMachine<Output, Failure: Error> {
  typealias Event = DownstreamEvent<Output, Failure>
  /// What an event leads to, with the subscriptions the machine no longer keeps.
  typealias Effects = OperatorEffects<Output, Failure, any Subscription>

  /// The upstream's subscription, until it completes or is cancelled.
  var upstream: (any Subscription)?
  var upstreamSubscribed = false
  var upstreamFinished = false
  /// The current child's index; values of older ones are ignored.
  ///
  /// It wraps rather than traps where `Int` is 32 bits: only equality with it matters.
  var current = 0
  var child: (any Subscription)?
  var awaitingChild = false
  var demand = Subscribers.Demand.none
  var delivery = SerialDelivery<Event>()
  /// A completion was queued or the downstream cancelled: nothing more is made.
  var isTerminated = false
  var isCancelled = false

  // MARK: The upstream

  /// The upstream's subscription arrived: returns what to ask it for (every publisher), or
  /// `nil` when it must be cancelled.
  mutating func upstreamSubscribed(_ subscription: any Subscription) -> Subscribers.Demand? {
    guard !upstreamSubscribed, !isTerminated else { return nil }
    upstreamSubscribed = true
    upstream = subscription
    return .unlimited
  }

  /// A new publisher arrived: its index (or `nil` when it is too late) and the current one to
  /// cancel.
  mutating func switchChild() -> (index: Int?, cancel: (any Subscription)?) {
    guard !isTerminated, !upstreamFinished else { return (nil, nil) }
    current &+= 1
    awaitingChild = true
    return (current, child.take())
  }

  /// The upstream completed: a failure ends everything, `.finished` once nothing is left.
  mutating func upstreamCompleted(
    with completion: Subscribers.Completion<Failure>, from thread: ThreadIdentity
  ) -> Effects {
    var effects = Effects()
    guard !isTerminated, !upstreamFinished else { return effects }
    upstreamFinished = true
    if let upstream = upstream.take() { effects.released.append(upstream) }
    switch completion {
    case .finished: finishIfDone(into: &effects, from: thread)
    case .failure: terminate(with: completion, into: &effects, from: thread)
    }
    return effects
  }

  // MARK: The current child

  mutating func childSubscribed(_ subscription: any Subscription, at index: Int)
    -> Subscribers.Demand?
  {
    guard !isTerminated, index == current, child == nil else { return nil }
    child = subscription
    awaitingChild = false
    return demand
  }

  /// A child's value: what it leads to (nothing for a replaced child or without demand).
  mutating func receive(_ value: Output, from index: Int, on thread: ThreadIdentity) -> Effects {
    var effects = Effects()
    guard !isTerminated, index == current, demand > 0 else { return effects }
    demand -= 1
    effects.submit(.value(value), to: &delivery, from: thread)
    return effects
  }

  mutating func childCompleted(
    at index: Int, with completion: Subscribers.Completion<Failure>, from thread: ThreadIdentity
  ) -> Effects {
    var effects = Effects()
    guard !isTerminated, index == current else { return effects }
    if let finished = child.take() { effects.released.append(finished) }
    awaitingChild = false
    switch completion {
    case .finished: finishIfDone(into: &effects, from: thread)
    case .failure: terminate(with: completion, into: &effects, from: thread)
    }
    return effects
  }

  // MARK: The downstream

  /// The downstream asked for more: the current child to pass the request to.
  mutating func request(_ more: Subscribers.Demand) -> (any Subscription)? {
    guard !isTerminated else { return nil }
    demand += more
    return child
  }

  /// The downstream cancelled: returns the child and upstream to cancel, and the events that
  /// waited, to release outside the lock.
  mutating func cancel() -> (
    cancel: [any Subscription], released: DeliveryQueue<SerialDelivery<Event>.Waiting>
  ) {
    guard !isCancelled else { return ([], DeliveryQueue()) }
    isCancelled = true
    isTerminated = true
    var cancel: [any Subscription] = []
    if let child = child.take() { cancel.append(child) }
    if let upstream = upstream.take() { cancel.append(upstream) }
    return (cancel, delivery.removeAll())
  }

  // MARK: Ending

  /// Finishes once the upstream and the current publisher finished.
  mutating func finishIfDone(into effects: inout Effects, from thread: ThreadIdentity) {
    guard upstreamFinished, child == nil, !awaitingChild else { return }
    terminate(with: .finished, into: &effects, from: thread)
  }

  /// Ends with `completion`: queues it and cancels the upstream and the current child.
  mutating func terminate(
    with completion: Subscribers.Completion<Failure>, into effects: inout Effects,
    from thread: ThreadIdentity
  ) {
    isTerminated = true
    effects.submit(.completion(completion), to: &delivery, from: thread)
    if let child = child.take() { effects.cancel.append(child) }
    if let upstream = upstream.take() { effects.cancel.append(upstream) }
  }
}
