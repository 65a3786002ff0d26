/// The slots of the four upstreams of a `zip` or `combineLatest`.
@usableFromInline
struct FanInSlots4<A: FanInSlot, B: FanInSlot, C: FanInSlot, D: FanInSlot>: FanInSlots {
  @usableFromInline var a = A()
  @usableFromInline var b = B()
  @usableFromInline var c = C()
  @usableFromInline var d = D()

  @inlinable init() {}

  @inlinable static var count: Int { 4 }

  @inlinable var isComplete: Bool { a.hasValue && b.hasValue && c.hasValue && d.hasValue }

  @inlinable
  func hasValue(at index: Int) -> Bool {
    switch index {
    case 0: a.hasValue
    case 1: b.hasValue
    case 2: c.hasValue
    default: d.hasValue
    }
  }

  @inlinable
  mutating func takeTuple() -> (A.Value, B.Value, C.Value, D.Value) {
    (a.takeForTuple(), b.takeForTuple(), c.takeForTuple(), d.takeForTuple())
  }
}

extension FanInSlotStorage {
  /// Hands the downstream this subscription, then subscribes to four upstreams in order, each
  /// storing its values in its own slot.
  @inlinable
  func start<P: Publisher, Q: Publisher, R: Publisher, S: Publisher, SlotP, SlotQ, SlotR, SlotS>(
    _ p: P, _ q: Q, _ r: R, _ s: S
  )
  where
    Slots == FanInSlots4<SlotP, SlotQ, SlotR, SlotS>, SlotP.Value == P.Output,
    SlotQ.Value == Q.Output, SlotR.Value == R.Output, SlotS.Value == S.Output,
    P.Failure == DeliveredFailure, Q.Failure == DeliveredFailure, R.Failure == DeliveredFailure,
    S.Failure == DeliveredFailure
  {
    downstream.receive(subscription: self)
    p.subscribe(child(at: 0) { $0.a.store(&$1) })
    q.subscribe(child(at: 1) { $0.b.store(&$1) })
    r.subscribe(child(at: 2) { $0.c.store(&$1) })
    s.subscribe(child(at: 3) { $0.d.store(&$1) })
  }
}
