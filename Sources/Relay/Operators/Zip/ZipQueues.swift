/// The values of each of two upstreams of a `zip` waiting for a partner.
struct ZipQueues2<A, B>: TupleSlots {
  var a = DeliveryQueue<A>()
  var b = DeliveryQueue<B>()

  static var count: Int { 2 }

  var isComplete: Bool { !a.isEmpty && !b.isEmpty }

  func hasValue(at index: Int) -> Bool { index == 0 ? !a.isEmpty : !b.isEmpty }

  mutating func takeTuple() -> (A, B) { (a.popFirst()!, b.popFirst()!) }
}

/// The values of each of three upstreams of a `zip` waiting for a partner.
struct ZipQueues3<A, B, C>: TupleSlots {
  var a = DeliveryQueue<A>()
  var b = DeliveryQueue<B>()
  var c = DeliveryQueue<C>()

  static var count: Int { 3 }

  var isComplete: Bool { !a.isEmpty && !b.isEmpty && !c.isEmpty }

  func hasValue(at index: Int) -> Bool {
    switch index {
    case 0: !a.isEmpty
    case 1: !b.isEmpty
    default: !c.isEmpty
    }
  }

  mutating func takeTuple() -> (A, B, C) { (a.popFirst()!, b.popFirst()!, c.popFirst()!) }
}

/// The values of each of four upstreams of a `zip` waiting for a partner.
struct ZipQueues4<A, B, C, D>: TupleSlots {
  var a = DeliveryQueue<A>()
  var b = DeliveryQueue<B>()
  var c = DeliveryQueue<C>()
  var d = DeliveryQueue<D>()

  static var count: Int { 4 }

  var isComplete: Bool { !a.isEmpty && !b.isEmpty && !c.isEmpty && !d.isEmpty }

  func hasValue(at index: Int) -> Bool {
    switch index {
    case 0: !a.isEmpty
    case 1: !b.isEmpty
    case 2: !c.isEmpty
    default: !d.isEmpty
    }
  }

  mutating func takeTuple() -> (A, B, C, D) {
    (a.popFirst()!, b.popFirst()!, c.popFirst()!, d.popFirst()!)
  }
}

extension ZipStorage {
  /// Hands the downstream this subscription, then subscribes to two upstreams in order, each
  /// queueing its values in its own slot.
  func start<P: Publisher, Q: Publisher>(_ p: P, _ q: Q)
  where
    Slots == ZipQueues2<P.Output, Q.Output>, P.Failure == Downstream.Failure,
    Q.Failure == Downstream.Failure
  {
    downstream.receive(subscription: self)
    p.subscribe(Child(storage: self, index: 0) { $0.a.append($1) })
    q.subscribe(Child(storage: self, index: 1) { $0.b.append($1) })
  }

  /// Hands the downstream this subscription, then subscribes to three upstreams in order.
  func start<P: Publisher, Q: Publisher, R: Publisher>(_ p: P, _ q: Q, _ r: R)
  where
    Slots == ZipQueues3<P.Output, Q.Output, R.Output>, P.Failure == Downstream.Failure,
    Q.Failure == Downstream.Failure, R.Failure == Downstream.Failure
  {
    downstream.receive(subscription: self)
    p.subscribe(Child(storage: self, index: 0) { $0.a.append($1) })
    q.subscribe(Child(storage: self, index: 1) { $0.b.append($1) })
    r.subscribe(Child(storage: self, index: 2) { $0.c.append($1) })
  }

  /// Hands the downstream this subscription, then subscribes to four upstreams in order.
  func start<P: Publisher, Q: Publisher, R: Publisher, S: Publisher>(
    _ p: P, _ q: Q, _ r: R, _ s: S
  )
  where
    Slots == ZipQueues4<P.Output, Q.Output, R.Output, S.Output>,
    P.Failure == Downstream.Failure, Q.Failure == Downstream.Failure,
    R.Failure == Downstream.Failure, S.Failure == Downstream.Failure
  {
    downstream.receive(subscription: self)
    p.subscribe(Child(storage: self, index: 0) { $0.a.append($1) })
    q.subscribe(Child(storage: self, index: 1) { $0.b.append($1) })
    r.subscribe(Child(storage: self, index: 2) { $0.c.append($1) })
    s.subscribe(Child(storage: self, index: 3) { $0.d.append($1) })
  }
}
