/// The rules of `merge`, as a value with no locks and no threads: the storage asks it what to
/// do under its lock, releases the lock, and then does it.
///
/// As in Combine: while the downstream's demand is bounded, each upstream is asked for one
/// value at a time, and a value that finds no demand waits in its upstream's slot (a newer
/// one replaces it) until the downstream asks; unlimited demand passes to every upstream. The
/// publisher finishes when every upstream has finished and no value waits, and fails with the
/// first failure, cancelling every upstream.
struct MergeStateMachine<Output, Failure: Error> {
  typealias Event = DownstreamEvent<Output, Failure>
  /// An upstream's completion hands back its subscription, to release outside the lock.
  typealias Effects = OperatorEffects<Output, Failure, (any Subscription)?>

  var upstreams: UpstreamSet
  /// A value per upstream that found no demand.
  var waiting: [Output?]
  var waitingCount = 0
  var demand = OneAtATimeDemand()
  var delivery = SerialDelivery<Event>()
  /// A completion was queued or the downstream cancelled: nothing more is made.
  var isTerminated = false
  var isCancelled = false

  init(count: Int) {
    upstreams = UpstreamSet(count: count)
    waiting = Array(repeating: nil, count: count)
  }

  /// Upstream `index`'s subscription arrived: returns the demand to ask it for, or `nil` when
  /// it must be cancelled.
  mutating func subscribed(_ subscription: any Subscription, at index: Int)
    -> Subscribers.Demand?
  {
    guard !isTerminated, upstreams.attach(subscription, at: index) else { return nil }
    return demand.forNewUpstream
  }

  /// An upstream's value, from `thread`: returns what it leads to, the demand to return to
  /// that upstream, and a value it replaced, to release outside the lock.
  mutating func receive(_ value: Output, at index: Int, from thread: ThreadIdentity) -> (
    effects: Effects, demand: Subscribers.Demand, replaced: Output?
  ) {
    var effects = Effects()
    guard !isTerminated, !upstreams.finished[index] else { return (effects, .none, nil) }
    guard let next = demand.spendOne() else {
      if waiting[index] == nil { waitingCount += 1 }
      let replaced = waiting[index]
      waiting[index] = value
      return (effects, .none, replaced)
    }
    effects.submit(.value(value), to: &delivery, from: thread)
    return (effects, next, nil)
  }

  /// An upstream completed.
  mutating func complete(
    at index: Int, with completion: Subscribers.Completion<Failure>, from thread: ThreadIdentity
  ) -> Effects {
    var effects = Effects()
    guard !isTerminated, upstreams.finish(at: index) else { return effects }
    if case .failure = completion {
      // Every upstream is cancelled, the failed one too, as Combine does.
      terminate(with: completion, into: &effects, from: thread)
    } else {
      effects.released.append(upstreams.remove(at: index))
      finishIfDone(into: &effects, from: thread)
    }
    return effects
  }

  mutating func finishIfDone(into effects: inout Effects, from thread: ThreadIdentity) {
    guard upstreams.allFinished, waitingCount == 0, !isTerminated else { return }
    terminate(with: .finished, into: &effects, from: thread)
  }

  mutating func terminate(
    with completion: Subscribers.Completion<Failure>, into effects: inout Effects,
    from thread: ThreadIdentity
  ) {
    isTerminated = true
    effects.submit(.completion(completion), to: &delivery, from: thread)
    effects.cancel += upstreams.removeAll().compactMap { $0 }
  }

  /// The downstream asked for more, from `thread`: from outside a delivery, or the runner
  /// after a call.
  mutating func request(_ more: Subscribers.Demand, from thread: ThreadIdentity) -> Effects {
    var effects = Effects()
    guard !isTerminated, more != .none else { return effects }
    let becameUnlimited = demand.add(more)
    deliverWaitingValues(into: &effects, from: thread)
    if becameUnlimited {
      for subscription in upstreams.live { effects.requests.append((subscription, .unlimited)) }
    }
    finishIfDone(into: &effects, from: thread)
    return effects
  }

  /// Delivers the values that wait, in upstream order, as far as the demand goes; each
  /// upstream drained is asked for one more while the demand is bounded.
  mutating func deliverWaitingValues(into effects: inout Effects, from thread: ThreadIdentity) {
    for index in waiting.indices where waiting[index] != nil {
      guard let next = demand.spendOne() else { return }
      waitingCount -= 1
      effects.submit(.value(waiting[index].take()!), to: &delivery, from: thread)
      if next != .none, let subscription = upstreams.subscriptions[index] {
        effects.requests.append((subscription, next))
      }
    }
  }

  /// The downstream cancelled: returns the upstreams to cancel, and what to release outside
  /// the lock (the events and values that waited).
  mutating func cancel() -> (
    cancel: [any Subscription],
    released: (DeliveryQueue<SerialDelivery<Event>.Waiting>, [Output?])
  ) {
    guard !isCancelled else { return ([], (DeliveryQueue(), [])) }
    isCancelled = true
    isTerminated = true
    waitingCount = 0
    let values = waiting
    waiting = Array(repeating: nil, count: waiting.count)
    return (upstreams.removeAll().compactMap { $0 }, (delivery.removeAll(), values))
  }
}
