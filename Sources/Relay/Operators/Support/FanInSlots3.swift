/// The slots of the three upstreams of a `zip` or `combineLatest`.
@usableFromInline
struct FanInSlots3<A: FanInSlot, B: FanInSlot, C: FanInSlot>: FanInSlots {
  @usableFromInline var a = A()
  @usableFromInline var b = B()
  @usableFromInline var c = C()

  @inlinable init() {}

  @inlinable static var count: Int { 3 }

  @inlinable var isComplete: Bool { a.hasValue && b.hasValue && c.hasValue }

  @inlinable
  func hasValue(at index: Int) -> Bool {
    switch index {
    case 0: a.hasValue
    case 1: b.hasValue
    default: c.hasValue
    }
  }

  @inlinable
  mutating func takeTuple() -> (A.Value, B.Value, C.Value) {
    (a.takeForTuple(), b.takeForTuple(), c.takeForTuple())
  }
}

extension FanInSlotStorage {
  /// Hands the downstream this subscription, then subscribes to three upstreams in order, each
  /// storing its values in its own slot.
  @inlinable
  func start<P: Publisher, Q: Publisher, R: Publisher, SlotP, SlotQ, SlotR>(_ p: P, _ q: Q, _ r: R)
  where
    Slots == FanInSlots3<SlotP, SlotQ, SlotR>, SlotP.Value == P.Output, SlotQ.Value == Q.Output,
    SlotR.Value == R.Output, P.Failure == DeliveredFailure, Q.Failure == DeliveredFailure,
    R.Failure == DeliveredFailure
  {
    downstream.receive(subscription: self)
    p.subscribe(child(at: 0) { $0.a.store(&$1) })
    q.subscribe(child(at: 1) { $0.b.store(&$1) })
    r.subscribe(child(at: 2) { $0.c.store(&$1) })
  }
}
