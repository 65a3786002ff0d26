/// The rules of `merge`, as a value with no locks and no threads: the storage asks it what to
/// do under its lock, releases the lock, and then does it.
///
/// As in Combine: while the downstream's demand is bounded, each upstream is asked for one
/// value at a time, and a value that finds no demand waits in its upstream's slot (a newer
/// one replaces it) until the downstream asks; unlimited demand passes to every upstream. The
/// publisher finishes when every upstream has finished and no value waits, and fails with the
/// first failure, cancelling every upstream.
@usableFromInline
struct MergeStateMachine<Output, Failure: Error>: FanInRequestStateMachine {
  @usableFromInline var upstreams: FanInUpstreams
  /// A value per upstream that found no demand.
  @usableFromInline var waiting: [Output?]
  @usableFromInline var waitingCount = 0
  @usableFromInline var demand = OneAtATimeDemand()
  @usableFromInline var outbox = Outbox<Output, Failure>()
  @usableFromInline var isTerminated = false
  @usableFromInline var isCancelled = false

  @inlinable
  init(count: Int) {
    upstreams = FanInUpstreams(count: count)
    waiting = Array(repeating: nil, count: count)
  }

  /// An upstream's completion hands back its subscription, to release outside the lock.
  @usableFromInline typealias Released = (any Subscription)?

  @inlinable var demandForNewUpstream: Subscribers.Demand { demand.forNewUpstream }

  @inlinable
  mutating func takeValues() -> [Output?] {
    waitingCount = 0
    defer { waiting = Array(repeating: nil, count: waiting.count) }
    return waiting
  }

  /// An upstream's value: returns the event to deliver now with the token, the demand to
  /// return to that upstream, and a value it replaced, to release outside the lock.
  @inlinable
  mutating func receive(_ value: Output, at index: Int) -> (
    deliver: Event?, demand: Subscribers.Demand, replaced: Output?
  ) {
    guard !isTerminated, !upstreams.finished[index] else { return (nil, .none, nil) }
    guard let next = demand.spendOne() else {
      if waiting[index] == nil { waitingCount += 1 }
      let replaced = waiting[index]
      waiting[index] = value
      return (nil, .none, replaced)
    }
    return (outbox.deliverOrQueue(.value(value)), next, nil)
  }

  /// An upstream completed.
  @inlinable
  mutating func complete(at index: Int, with completion: Subscribers.Completion<Failure>)
    -> Effects
  {
    var effects = Effects()
    guard !isTerminated, upstreams.finish(at: index) else { return effects }
    if case .failure = completion {
      // Every upstream is cancelled, the failed one too, as Combine does.
      terminate(with: completion, into: &effects)
    } else {
      effects.released.append(upstreams.remove(at: index))
      finishIfDone(into: &effects)
    }
    return effects
  }

  @inlinable
  mutating func finishIfDone(into effects: inout Effects) {
    guard upstreams.allFinished, waitingCount == 0, !isTerminated else { return }
    terminate(with: .finished, into: &effects)
  }

  @inlinable
  mutating func terminate(
    with completion: Subscribers.Completion<Failure>, into effects: inout Effects
  ) {
    isTerminated = true
    queue(.completion(completion), into: &effects)
    effects.cancel += upstreams.removeAll().compactMap { $0 }
  }

  @inlinable
  mutating func queue(_ event: Event, into effects: inout Effects) {
    if let now = outbox.deliverOrQueue(event) {
      effects.deliver = now
    }
  }

  /// The downstream asked for more, from outside a delivery or, with `isDelivering`, from
  /// the deliverer after a call.
  @inlinable
  mutating func request(_ more: Subscribers.Demand) -> Effects {
    var effects = Effects()
    guard !isTerminated, more != .none else { return effects }
    let becameUnlimited = demand.add(more)
    deliverWaitingValues(into: &effects)
    if becameUnlimited {
      for subscription in upstreams.live { effects.requests.append((subscription, .unlimited)) }
    }
    finishIfDone(into: &effects)
    return effects
  }

  /// Delivers the values that wait, in upstream order, as far as the demand goes; each
  /// upstream drained is asked for one more while the demand is bounded.
  @inlinable
  mutating func deliverWaitingValues(into effects: inout Effects) {
    for index in waiting.indices where waiting[index] != nil {
      guard let next = demand.spendOne() else { return }
      waitingCount -= 1
      queue(.value(waiting[index].take()!), into: &effects)
      if next != .none, let subscription = upstreams.subscriptions[index] {
        effects.requests.append((subscription, next))
      }
    }
  }
}

/// The subscription of a `merge`: it takes the lock, asks the state machine what to do,
/// releases the lock, and then calls the downstream or the upstreams.
///
/// The downstream is called by one thread at a time, the one holding the `Outbox` token; values
/// other threads send meanwhile wait in order. `cancel()` never waits for a call in progress on
/// another thread; once it returns, the downstream receives at most one more call, which another
/// thread had already set out to make.
@usableFromInline
final class MergeStorage<Downstream: Subscriber>: FanInStorage, ChildSubscriberStorage,
  CustomStringConvertible,
  @unchecked Sendable
{
  // Every mutable field is in `state`, guarded by its lock. `downstream` is called only by
  // the holder of the outbox's token.
  @usableFromInline typealias Machine = MergeStateMachine<Downstream.Input, Downstream.Failure>

  @usableFromInline let downstream: Downstream
  @usableFromInline let state: Lock<Machine>

  @inlinable
  init(downstream: Downstream, count: Int) {
    self.downstream = downstream
    state = .make(Machine(count: count))
  }

  /// `Merge`, as Combine names it in `print`'s log.
  @usableFromInline var description: String { "Merge" }

  /// Subscribes the downstream, then each upstream in order.
  @inlinable
  func start<P: Publisher>(_ upstreams: [P])
  where P.Output == Downstream.Input, P.Failure == Downstream.Failure {
    downstream.receive(subscription: self)
    for (index, upstream) in upstreams.enumerated() {
      upstream.subscribe(child(at: index))
    }
  }

  /// Makes the subscription of `downstream` and hands it over, then subscribes to each
  /// upstream in order with its `subscribe` method: the upstreams of a `Merge`, `Merge3` or
  /// `Merge4`, of different types.
  @inlinable
  static func start(
    _ downstream: Downstream, _ subscribe: ((ChildSubscriber<MergeStorage>) -> Void)...
  ) {
    let storage = MergeStorage(downstream: downstream, count: subscribe.count)
    downstream.receive(subscription: storage)
    for (index, subscribe) in subscribe.enumerated() { subscribe(storage.child(at: index)) }
  }

  @inlinable
  func child(at index: Int) -> ChildSubscriber<MergeStorage> {
    ChildSubscriber(storage: self, index: index)
  }

  @inlinable
  func receive(_ input: Downstream.Input, at index: Int) -> Subscribers.Demand {
    let (event, demand, replaced) = state.withLock { $0.receive(input, at: index) }
    _ = replaced  // released outside the lock
    if let event { deliver(event) }
    return demand
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Downstream.Failure>, at index: Int) {
    perform(state.withLock { $0.complete(at: index, with: completion) })
  }
}
