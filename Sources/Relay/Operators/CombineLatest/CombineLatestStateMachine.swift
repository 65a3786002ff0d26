/// The rules of `combineLatest`, as a value with no locks and no threads: the storage asks it
/// what to do under its lock, releases the lock, and then does it.
///
/// As in Combine: the downstream's requests go to every upstream; each upstream value
/// replaces that upstream's slot and, once every slot has a value and the downstream has
/// demand, makes one tuple; a value that finds no demand only updates its slot. The
/// publisher finishes when every upstream has finished, and fails with the first failure,
/// cancelling the other upstreams.
@usableFromInline
struct CombineLatestStateMachine<Slots: TupleSlots, Failure: Error> {
  @usableFromInline typealias Event = DownstreamEvent<Slots.Output, Failure>
  /// What an upstream's completion hands back to release: subscriptions and values.
  @usableFromInline
  typealias Effects = OperatorEffects<Slots.Output, Failure, ([(any Subscription)?], Slots)>

  @usableFromInline var slots = Slots()
  @usableFromInline var upstreams = UpstreamSet(count: Slots.count)
  /// All the downstream ever asked for; an upstream that subscribes late is asked for it.
  @usableFromInline var requested = Subscribers.Demand.none
  /// What the downstream asked for and did not receive yet.
  @usableFromInline var demand = Subscribers.Demand.none
  @usableFromInline var delivery = SerialDelivery<Event>()
  /// A completion was queued or the downstream cancelled: nothing more is made.
  @usableFromInline var isTerminated = false
  @usableFromInline var isCancelled = false

  @inlinable init() {}

  /// Upstream `index`'s subscription arrived: returns the demand to ask it for, or `nil` when
  /// it must be cancelled.
  @inlinable
  mutating func subscribed(_ subscription: any Subscription, at index: Int)
    -> Subscribers.Demand?
  {
    guard !isTerminated, upstreams.attach(subscription, at: index) else { return nil }
    return requested
  }

  /// An upstream's value from `thread`, written into its slot by `store`: returns true when
  /// the caller is the runner and delivers a tuple now, written into `tuple`; a tuple made
  /// while somebody else delivers waits for them.
  ///
  /// The tuple travels through uninitialized memory rather than as an optional: an optional
  /// tuple of non-trivial values is copied and destroyed through the runtime's generic value
  /// witnesses.
  @inlinable
  mutating func receive(
    at index: Int, from thread: ThreadIdentity, into tuple: UnsafeMutablePointer<Slots.Output>,
    store: (inout Slots) -> Void
  ) -> Bool {
    guard !isTerminated, !upstreams.finished[index] else { return false }
    store(&slots)
    guard demand > 0, slots.isComplete else { return false }
    demand -= 1
    guard delivery.claim(from: thread) else {
      // Somebody delivers, or a drainer is scheduled: they find it.
      delivery.enqueue(.value(slots.takeTuple()), from: thread)
      return false
    }
    tuple.initialize(to: slots.takeTuple())
    return true
  }

  /// The downstream asked for more: returns the upstreams to pass the request to.
  @inlinable
  mutating func request(_ more: Subscribers.Demand) -> [any Subscription] {
    guard !isTerminated else { return [] }
    demand += more
    requested += more
    return upstreams.live
  }

  /// Upstream `index` completed.
  @inlinable
  mutating func complete(
    at index: Int, with completion: Subscribers.Completion<Failure>, from thread: ThreadIdentity
  ) -> Effects {
    var effects = Effects()
    guard !isTerminated, upstreams.finish(at: index) else { return effects }
    // Its subscription is released, not cancelled.
    effects.released.append(([upstreams.remove(at: index)], Slots()))
    if case .failure = completion {
      terminate(with: completion, into: &effects, from: thread)
    } else if upstreams.allFinished {
      terminate(with: completion, into: &effects, from: thread)
    }
    return effects
  }

  /// Queues `completion`, cancels the upstreams that are left and hands back, to release,
  /// their subscriptions and the values that wait.
  @inlinable
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

  /// The downstream cancelled: returns the upstreams to cancel, and what to release outside
  /// the lock (the events and values that waited).
  @inlinable
  mutating func cancel() -> (
    cancel: [any Subscription],
    released: (DeliveryQueue<SerialDelivery<Event>.Waiting>, Slots)
  ) {
    guard !isCancelled else { return ([], (DeliveryQueue(), slots.removeAll())) }
    isCancelled = true
    isTerminated = true
    let cancel = upstreams.removeAll().compactMap { $0 }
    return (cancel, (delivery.removeAll(), slots.removeAll()))
  }
}
