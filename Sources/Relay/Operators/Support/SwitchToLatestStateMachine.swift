/// The rules of `switchToLatest`, as a value with no locks and no threads: the storage asks it
/// what to do under its lock, releases the lock, and then does it.
///
/// As in Combine: the upstream is asked for every publisher; each new one cancels the
/// current one and is asked for the demand the downstream has left. It finishes when the
/// upstream and the current publisher finished; a failure of either fails it and cancels the
/// other.
@usableFromInline
struct SwitchToLatestStateMachine<Output, Failure: Error>: InnerPublisherStateMachine {

  @usableFromInline var upstream: (any Subscription)?
  @usableFromInline var upstreamSubscribed = false
  @usableFromInline var upstreamFinished = false
  /// The current child's index; values of older ones are ignored.
  @usableFromInline var current = 0
  @usableFromInline var child: (any Subscription)?
  @usableFromInline var awaitingChild = false
  @usableFromInline var demand = Subscribers.Demand.none
  @usableFromInline var outbox = Outbox<Output, Failure>()
  @usableFromInline var isTerminated = false
  @usableFromInline var isCancelled = false

  @inlinable init() {}

  /// The upstream is asked for every publisher.
  @inlinable var upstreamDemand: Subscribers.Demand { .unlimited }

  /// A new publisher arrived: its index (or `nil` when it is too late) and the current one to
  /// cancel.
  @inlinable
  mutating func switchChild() -> (index: Int?, cancel: (any Subscription)?) {
    guard !isTerminated, !upstreamFinished else { return (nil, nil) }
    current += 1
    awaitingChild = true
    return (current, child.take())
  }

  @inlinable
  mutating func childSubscribed(_ subscription: any Subscription, at index: Int)
    -> Subscribers.Demand?
  {
    guard !isTerminated, index == current, child == nil else { return nil }
    child = subscription
    awaitingChild = false
    return demand
  }

  /// A child's value: the event to deliver now with the token, if any.
  @inlinable
  mutating func receive(_ value: Output, from index: Int) -> Event? {
    guard !isTerminated, index == current, demand > 0 else { return nil }
    demand -= 1
    return outbox.deliverOrQueue(.value(value))
  }

  @inlinable
  mutating func childCompleted(at index: Int, with completion: Subscribers.Completion<Failure>)
    -> Effects
  {
    var effects = Effects()
    guard !isTerminated, index == current else { return effects }
    if let finished = child.take() { effects.released.append(finished) }
    awaitingChild = false
    switch completion {
    case .finished: finishIfDone(into: &effects)
    case .failure: terminate(with: completion, into: &effects)
    }
    return effects
  }

  /// Finishes once the upstream and the current publisher finished.
  @inlinable
  mutating func finishIfDone(into effects: inout Effects) {
    guard upstreamFinished, child == nil, !awaitingChild else { return }
    terminate(with: .finished, into: &effects)
  }

  @inlinable
  mutating func dropChildren(into effects: inout Effects) {
    if let child = child.take() { effects.cancel.append(child) }
  }

  /// The downstream asked for more: the current child to pass the request to.
  @inlinable
  mutating func request(_ more: Subscribers.Demand) -> (any Subscription)? {
    guard !isTerminated else { return nil }
    demand += more
    return child
  }

  @inlinable
  mutating func cancel() -> (
    cancel: [any Subscription], released: [Outbox<Output, Failure>.Waiting?]
  ) {
    guard !isCancelled else { return ([], []) }
    isCancelled = true
    isTerminated = true
    var cancel: [any Subscription] = []
    if let child = child.take() { cancel.append(child) }
    if let upstream = upstream.take() { cancel.append(upstream) }
    return (cancel, outbox.removeAll())
  }
}
