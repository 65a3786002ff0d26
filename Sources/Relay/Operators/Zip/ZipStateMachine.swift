/// The rules of `zip`, as a value with no locks and no threads: the storage asks it what to
/// do under its lock, releases the lock, and then does it.
///
/// The downstream's requests go to every upstream; values wait in their upstream's queue
/// until each upstream has one, and the oldest of each make a tuple against demand. It
/// finishes as soon as no more tuple can be made (an upstream finished and its queue is
/// empty), cancelling the others, and fails with the first failure, cancelling every upstream.
struct ZipStateMachine<Slots: TupleSlots, Failure: Error> {
  typealias Event = DownstreamEvent<Slots.Output, Failure>
  /// What an event hands back to release: subscriptions and values.
  typealias Effects = OperatorEffects<Slots.Output, Failure, ([(any Subscription)?], Slots)>

  var slots = Slots()
  var upstreams = UpstreamSet(count: Slots.count)
  /// All the downstream ever asked for; an upstream that subscribes late is asked for it.
  var requested = Subscribers.Demand.none
  /// What the downstream asked for and did not receive yet.
  var demand = Subscribers.Demand.none
  var delivery = SerialDelivery<Event>()
  /// A completion was queued or the downstream cancelled: nothing more is made.
  var isTerminated = false
  var isCancelled = false

  /// Upstream `index`'s subscription arrived: returns the demand to ask it for, or `nil` when
  /// it must be cancelled.
  mutating func subscribed(_ subscription: any Subscription, at index: Int)
    -> Subscribers.Demand?
  {
    guard !isTerminated, upstreams.attach(subscription, at: index) else { return nil }
    return requested
  }

  /// An upstream's value, queued in its slot by `store`, from `thread`.
  mutating func receive(
    at index: Int, from thread: ThreadIdentity, store: (inout Slots) -> Void
  ) -> Effects {
    var effects = Effects()
    guard !isTerminated, !upstreams.finished[index] else { return effects }
    store(&slots)
    emit(into: &effects, from: thread)
    return effects
  }

  /// Makes the tuples the demand allows, then finishes if no more can be made.
  mutating func emit(into effects: inout Effects, from thread: ThreadIdentity) {
    while demand > 0, slots.isComplete {
      demand -= 1
      effects.submit(.value(slots.takeTuple()), to: &delivery, from: thread)
    }
    if hasEnded { terminate(with: .finished, into: &effects, from: thread) }
  }

  /// Whether no more tuple will be made: an upstream finished with nothing waiting.
  var hasEnded: Bool {
    upstreams.finished.indices.contains { upstreams.finished[$0] && !slots.hasValue(at: $0) }
  }

  /// Upstream `index` completed.
  mutating func complete(
    at index: Int, with completion: Subscribers.Completion<Failure>, from thread: ThreadIdentity
  ) -> Effects {
    var effects = Effects()
    guard !isTerminated, upstreams.finish(at: index) else { return effects }
    switch completion {
    case .finished:
      // Its subscription is released, not cancelled.
      effects.released.append(([upstreams.remove(at: index)], Slots()))
      if hasEnded { terminate(with: completion, into: &effects, from: thread) }
    case .failure:
      // Every upstream is cancelled, the failed one too, as Combine does.
      terminate(with: completion, into: &effects, from: thread)
    }
    return effects
  }

  /// Queues `completion`, cancels the upstreams that are left and hands back, to release,
  /// their subscriptions and the values that wait.
  mutating func terminate(
    with completion: Subscribers.Completion<Failure>, into effects: inout Effects,
    from thread: ThreadIdentity
  ) {
    isTerminated = true
    effects.submit(.completion(completion), to: &delivery, from: thread)
    let subscriptions = upstreams.removeAll()
    effects.cancel += subscriptions.compactMap { $0 }
    effects.released.append((subscriptions, slots.removeAll()))
  }

  /// The downstream asked for more, from `thread`: passes it to every upstream and makes the
  /// tuples it allows.
  mutating func request(_ more: Subscribers.Demand, from thread: ThreadIdentity) -> Effects {
    var effects = Effects()
    guard !isTerminated else { return effects }
    demand += more
    requested += more
    for subscription in upstreams.live { effects.requests.append((subscription, more)) }
    emit(into: &effects, from: thread)
    return effects
  }

  /// The downstream cancelled: returns the upstreams to cancel, and what to release outside
  /// the lock (the events and values that waited).
  mutating func cancel() -> (
    cancel: [any Subscription],
    released: (DeliveryQueue<SerialDelivery<Event>.Waiting>, Slots)
  ) {
    guard !isCancelled else { return ([], (DeliveryQueue(), Slots())) }
    isCancelled = true
    isTerminated = true
    let cancel = upstreams.removeAll().compactMap { $0 }
    return (cancel, (delivery.removeAll(), slots.removeAll()))
  }
}
