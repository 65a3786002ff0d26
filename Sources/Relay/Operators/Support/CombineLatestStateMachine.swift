/// The latest value of each of two upstreams of a `combineLatest`.
@usableFromInline typealias CombineLatestSlots2<A, B> = FanInSlots2<
  LatestValueSlot<A>, LatestValueSlot<B>
>
/// The latest value of each of three upstreams of a `combineLatest`.
@usableFromInline typealias CombineLatestSlots3<A, B, C> = FanInSlots3<
  LatestValueSlot<A>, LatestValueSlot<B>, LatestValueSlot<C>
>
/// The latest value of each of four upstreams of a `combineLatest`.
@usableFromInline typealias CombineLatestSlots4<A, B, C, D> = FanInSlots4<
  LatestValueSlot<A>, LatestValueSlot<B>, LatestValueSlot<C>, LatestValueSlot<D>
>

/// The rules of `combineLatest`, as a value with no locks and no threads: the storage asks it
/// what to do under its lock, releases the lock, and then does it.
///
/// As in Combine: the downstream's requests go to every upstream; each upstream value
/// replaces that upstream's slot and, once every slot has a value and the downstream has
/// demand, makes one tuple; a value that finds no demand only updates its slot. The
/// publisher finishes when every upstream has finished, and fails with the first failure,
/// cancelling the other upstreams.
@usableFromInline
typealias CombineLatestStateMachine<Slots: FanInSlots, Failure: Error> =
  FanInSlotStateMachine<CombineLatestRule, Slots, Failure>

extension FanInSlotStateMachine where Rule == CombineLatestRule {
  /// An upstream's value, written into its slot by `store`: returns true when the caller gets
  /// a tuple to deliver now, written into `tuple`, with the delivery token; a tuple made while
  /// another thread delivers waits in the outbox.
  @inlinable
  mutating func receive(
    at index: Int, into tuple: UnsafeMutablePointer<Slots.Output>, store: (inout Slots) -> Void
  ) -> Bool {
    guard !isTerminated, !upstreams.finished[index] else { return false }
    store(&slots)
    guard demand > 0, slots.isComplete else { return false }
    demand -= 1
    guard outbox.claim() else {
      outbox.append(.value(slots.takeTuple()))
      return false
    }
    slots.initialize(tuple)
    return true
  }

  /// The downstream asked for more: returns the upstreams to pass the request to.
  @inlinable
  mutating func request(_ more: Subscribers.Demand) -> [any Subscription] { addDemand(more) }

  /// The downstream returned from a tuple delivered on the hot path, asking for `more`:
  /// returns whether events wait (the caller keeps the token and delivers them with
  /// `deliverQueued()`) and the upstreams to pass `more` to.
  @inlinable
  mutating func finishDelivery(asking more: Subscribers.Demand) -> (
    hasMore: Bool, forward: [any Subscription]
  ) {
    var forward: [any Subscription] = []
    if more != .none { forward = request(more) }
    if isCancelled { _ = outbox.removeAll() }
    return (!outbox.releaseIfIdle(), forward)
  }
}
