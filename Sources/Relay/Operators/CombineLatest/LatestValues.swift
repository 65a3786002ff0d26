/// The latest value of each of two upstreams of a `combineLatest`.
@usableFromInline
struct LatestValues2<A, B>: TupleSlots {
  @usableFromInline var a: A?
  @usableFromInline var b: B?

  @inlinable init() {}

  @inlinable static var count: Int { 2 }

  @inlinable var isComplete: Bool { a != nil && b != nil }

  @inlinable func hasValue(at index: Int) -> Bool { index == 0 ? a != nil : b != nil }

  /// The latest values, which stay for later tuples.
  @inlinable func takeTuple() -> (A, B) { (a.unsafelyUnwrapped, b.unsafelyUnwrapped) }
}

/// The latest value of each of three upstreams of a `combineLatest`.
@usableFromInline
struct LatestValues3<A, B, C>: TupleSlots {
  @usableFromInline var a: A?
  @usableFromInline var b: B?
  @usableFromInline var c: C?

  @inlinable init() {}

  @inlinable static var count: Int { 3 }

  @inlinable var isComplete: Bool { a != nil && b != nil && c != nil }

  @inlinable
  func hasValue(at index: Int) -> Bool {
    switch index {
    case 0: a != nil
    case 1: b != nil
    default: c != nil
    }
  }

  /// The latest values, which stay for later tuples.
  @inlinable
  func takeTuple() -> (A, B, C) {
    (a.unsafelyUnwrapped, b.unsafelyUnwrapped, c.unsafelyUnwrapped)
  }
}

/// The latest value of each of four upstreams of a `combineLatest`.
@usableFromInline
struct LatestValues4<A, B, C, D>: TupleSlots {
  @usableFromInline var a: A?
  @usableFromInline var b: B?
  @usableFromInline var c: C?
  @usableFromInline var d: D?

  @inlinable init() {}

  @inlinable static var count: Int { 4 }

  @inlinable var isComplete: Bool { a != nil && b != nil && c != nil && d != nil }

  @inlinable
  func hasValue(at index: Int) -> Bool {
    switch index {
    case 0: a != nil
    case 1: b != nil
    case 2: c != nil
    default: d != nil
    }
  }

  /// The latest values, which stay for later tuples.
  @inlinable
  func takeTuple() -> (A, B, C, D) {
    (a.unsafelyUnwrapped, b.unsafelyUnwrapped, c.unsafelyUnwrapped, d.unsafelyUnwrapped)
  }
}

extension CombineLatestStorage {
  /// Hands the downstream this subscription, then subscribes to two upstreams in order, each
  /// storing its latest value in its own slot.
  @inlinable
  func start<P: Publisher, Q: Publisher>(_ p: P, _ q: Q)
  where
    Slots == LatestValues2<P.Output, Q.Output>, P.Failure == Downstream.Failure,
    Q.Failure == Downstream.Failure
  {
    downstream.receive(subscription: self)
    p.subscribe(Child(storage: self, index: 0) { swap(&$0.a, &$1) })
    q.subscribe(Child(storage: self, index: 1) { swap(&$0.b, &$1) })
  }

  /// Hands the downstream this subscription, then subscribes to three upstreams in order.
  @inlinable
  func start<P: Publisher, Q: Publisher, R: Publisher>(_ p: P, _ q: Q, _ r: R)
  where
    Slots == LatestValues3<P.Output, Q.Output, R.Output>, P.Failure == Downstream.Failure,
    Q.Failure == Downstream.Failure, R.Failure == Downstream.Failure
  {
    downstream.receive(subscription: self)
    p.subscribe(Child(storage: self, index: 0) { swap(&$0.a, &$1) })
    q.subscribe(Child(storage: self, index: 1) { swap(&$0.b, &$1) })
    r.subscribe(Child(storage: self, index: 2) { swap(&$0.c, &$1) })
  }

  /// Hands the downstream this subscription, then subscribes to four upstreams in order.
  @inlinable
  func start<P: Publisher, Q: Publisher, R: Publisher, S: Publisher>(
    _ p: P, _ q: Q, _ r: R, _ s: S
  )
  where
    Slots == LatestValues4<P.Output, Q.Output, R.Output, S.Output>,
    P.Failure == Downstream.Failure, Q.Failure == Downstream.Failure,
    R.Failure == Downstream.Failure, S.Failure == Downstream.Failure
  {
    downstream.receive(subscription: self)
    p.subscribe(Child(storage: self, index: 0) { swap(&$0.a, &$1) })
    q.subscribe(Child(storage: self, index: 1) { swap(&$0.b, &$1) })
    r.subscribe(Child(storage: self, index: 2) { swap(&$0.c, &$1) })
    s.subscribe(Child(storage: self, index: 3) { swap(&$0.d, &$1) })
  }
}
