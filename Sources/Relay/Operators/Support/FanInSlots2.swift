/// The slots of the two upstreams of a `zip` or `combineLatest`.
@usableFromInline
struct FanInSlots2<A: FanInSlot, B: FanInSlot>: FanInSlots {
  @usableFromInline var a = A()
  @usableFromInline var b = B()

  @inlinable init() {}

  @inlinable static var count: Int { 2 }

  @inlinable var isComplete: Bool { a.hasValue && b.hasValue }

  @inlinable func hasValue(at index: Int) -> Bool { index == 0 ? a.hasValue : b.hasValue }

  @inlinable
  mutating func takeTuple() -> (A.Value, B.Value) { (a.takeForTuple(), b.takeForTuple()) }
}

extension FanInSlotStorage {
  /// Hands the downstream this subscription, then subscribes to two upstreams in order, each
  /// storing its values in its own slot.
  @inlinable
  func start<P: Publisher, Q: Publisher, SlotP, SlotQ>(_ p: P, _ q: Q)
  where
    Slots == FanInSlots2<SlotP, SlotQ>, SlotP.Value == P.Output, SlotQ.Value == Q.Output,
    P.Failure == DeliveredFailure, Q.Failure == DeliveredFailure
  {
    downstream.receive(subscription: self)
    p.subscribe(child(at: 0) { $0.a.store(&$1) })
    q.subscribe(child(at: 1) { $0.b.store(&$1) })
  }
}
