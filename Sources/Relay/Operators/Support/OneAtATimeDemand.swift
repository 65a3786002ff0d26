/// The downstream's demand of an operator that, as Combine's `merge` does, asks each upstream
/// for one value at a time while that demand is bounded, and for everything once it is
/// unlimited.
struct OneAtATimeDemand {
  /// What the downstream asked for and did not receive yet.
  var remaining = Subscribers.Demand.none

  init() {}

  /// What an upstream is asked for when its subscription arrives.
  var forNewUpstream: Subscribers.Demand { remaining == .unlimited ? .unlimited : .max(1) }

  /// Adds what the downstream asked for: returns true when the demand just became unlimited,
  /// and every upstream is to be asked for everything.
  mutating func add(_ more: Subscribers.Demand) -> Bool {
    let wasUnlimited = remaining == .unlimited
    remaining += more
    return remaining == .unlimited && !wasUnlimited
  }

  /// Spends one value of the demand: returns what the upstream that sent it is asked for next
  /// (one more, or nothing once the demand is unlimited), or `nil` when there is no demand.
  mutating func spendOne() -> Subscribers.Demand? {
    guard remaining > 0 else { return nil }
    remaining -= 1
    return remaining == .unlimited ? Subscribers.Demand.none : .max(1)
  }
}
