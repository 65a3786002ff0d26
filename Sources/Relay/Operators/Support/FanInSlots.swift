/// What waits, per upstream, between the upstreams of a `zip` or `combineLatest` and their
/// downstream.
@usableFromInline
protocol FanInSlots {
  /// The tuple of one value from each upstream.
  associatedtype Output
  /// Nothing waits.
  init()
  /// How many upstreams there are.
  static var count: Int { get }
}

/// The rules of a `zip` or `combineLatest`, whose values wait in slots and whose downstream's
/// requests all pass to every upstream.
@usableFromInline
protocol FanInSlotStateMachine: FanInStateMachine where Values == Slots {
  associatedtype Slots: FanInSlots

  var slots: Slots { get set }
  /// All the downstream ever asked for; an upstream that subscribes late is asked for it.
  var requested: Subscribers.Demand { get }
}

extension FanInSlotStateMachine {
  @inlinable var demandForNewUpstream: Subscribers.Demand { requested }

  @inlinable
  mutating func takeValues() -> Slots {
    var oldSlots = Slots()
    swap(&oldSlots, &slots)
    return oldSlots
  }
}
