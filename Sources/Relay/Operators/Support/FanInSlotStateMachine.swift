/// How a `zip` or `combineLatest` ends, as in Combine.
@usableFromInline
enum FanInEnding {
  /// When every upstream finished; a failure cancels the other upstreams: `combineLatest`.
  case whenEveryUpstreamFinished
  /// As soon as an upstream finished with no value waiting, when no more tuple can be made; a
  /// failure cancels every upstream, the failed one too: `zip`.
  case whenAnUpstreamFinishedEmpty
}

/// The operator a `FanInSlotStateMachine` follows the rules of: its extension has that
/// operator's own handling of values and requests.
@usableFromInline
protocol FanInSlotRule {
  /// How the operator ends.
  static var ending: FanInEnding { get }
}

/// The rules of `combineLatest`.
@usableFromInline
enum CombineLatestRule: FanInSlotRule {
  @inlinable static var ending: FanInEnding { .whenEveryUpstreamFinished }
}

/// The rules of `zip`.
@usableFromInline
enum ZipRule: FanInSlotRule {
  @inlinable static var ending: FanInEnding { .whenAnUpstreamFinishedEmpty }
}

/// The state of a `zip` or `combineLatest` and what their rules share, as a value with no
/// locks and no threads: the storage asks it what to do under its lock, releases the lock, and
/// then does it.
///
/// Values wait in slots, one per upstream, and the downstream's requests all pass to every
/// upstream. `Rule` says how the operator ends; each operator's own handling of values and
/// requests is in an extension where `Rule` is its rule.
@usableFromInline
struct FanInSlotStateMachine<Rule: FanInSlotRule, Slots: FanInSlots, Failure: Error>:
  FanInStateMachine
{
  @usableFromInline typealias Output = Slots.Output
  /// What an upstream's completion hands back: subscriptions and values to release.
  @usableFromInline typealias Released = ([(any Subscription)?], Slots)

  @usableFromInline var slots = Slots()
  @usableFromInline var upstreams = FanInUpstreams(count: Slots.count)
  /// All the downstream ever asked for; an upstream that subscribes late is asked for it.
  @usableFromInline var requested = Subscribers.Demand.none
  /// What the downstream asked for and did not receive yet.
  @usableFromInline var demand = Subscribers.Demand.none
  @usableFromInline var outbox = Outbox<Slots.Output, Failure>()
  @usableFromInline var isTerminated = false
  @usableFromInline var isCancelled = false

  @inlinable init() {}

  @inlinable var demandForNewUpstream: Subscribers.Demand { requested }

  @inlinable
  mutating func takeValues() -> Slots {
    var oldSlots = Slots()
    swap(&oldSlots, &slots)
    return oldSlots
  }

  /// Upstream `index` completed.
  @inlinable
  mutating func complete(at index: Int, with completion: Subscribers.Completion<Failure>)
    -> Effects
  {
    var effects = Effects()
    guard !isTerminated, upstreams.finish(at: index) else { return effects }
    switch completion {
    case .finished:
      release(at: index, into: &effects)
      if hasEnded { terminate(with: completion, into: &effects) }
    case .failure:
      if Rule.ending == .whenEveryUpstreamFinished { release(at: index, into: &effects) }
      terminate(with: completion, into: &effects)
    }
    return effects
  }

  /// Whether no more tuple will be made, once an upstream finished; `zip` asks after every
  /// value.
  @inlinable @inline(__always)
  var hasEnded: Bool {
    switch Rule.ending {
    case .whenEveryUpstreamFinished: return upstreams.allFinished
    case .whenAnUpstreamFinishedEmpty:
      for index in upstreams.finished.indices
      where upstreams.finished[index] && !slots.hasValue(at: index) {
        return true
      }
      return false
    }
  }

  /// Forgets upstream `index`, which completed: its subscription is released, not cancelled.
  @inlinable
  mutating func release(at index: Int, into effects: inout Effects) {
    effects.released.append(([upstreams.remove(at: index)], Slots()))
  }

  /// Queues `completion`, cancels the upstreams that are left and hands back, to release,
  /// their subscriptions and the values that wait.
  @inlinable
  mutating func terminate(
    with completion: Subscribers.Completion<Failure>, into effects: inout Effects
  ) {
    isTerminated = true
    if let now = outbox.deliverOrQueue(.completion(completion)) { effects.deliver = now }
    let subscriptions = upstreams.removeAll()
    effects.cancel += subscriptions.compactMap { $0 }
    effects.released.append((subscriptions, takeValues()))
  }

  /// Adds the downstream's request to the demand: returns the upstreams to pass it to.
  @inlinable
  mutating func addDemand(_ more: Subscribers.Demand) -> [any Subscription] {
    guard !isTerminated else { return [] }
    demand += more
    requested += more
    return upstreams.live
  }
}
