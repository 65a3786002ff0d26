/// The state a `catch` or `concatenate` keeps under its lock.
@usableFromInline
protocol TwoUpstreamState {
  /// What the operator keeps for the second upstream, handed back when it ends, to release
  /// outside the lock.
  associatedtype Kept

  var phase: TwoUpstreamPhase { get set }
  /// What the downstream asked for and did not receive yet: the second upstream is asked for
  /// it when it subscribes.
  var demand: Subscribers.Demand { get set }

  /// Hands back what is kept for the second upstream.
  mutating func takeKept() -> Kept
}

extension TwoUpstreamState {
  /// Ends the operator: returns the phase it was in and what it kept.
  @inlinable
  mutating func end() -> (phase: TwoUpstreamPhase, kept: Kept) {
    defer { phase = .terminated }
    return (phase, takeKept())
  }
}
