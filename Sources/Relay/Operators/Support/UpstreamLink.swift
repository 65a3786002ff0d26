/// Where a single-upstream operator that hands its downstream a subscription of its own stands
/// with its upstream, under a lock, mirrored in an atomic so that the value path checks it
/// without the lock.
///
/// Every change goes through `withLock`, which updates the mirror before it unlocks, so the
/// mirror never disagrees with the status once the lock is released.
final class UpstreamLink: @unchecked Sendable {
  // `state` is guarded by its lock; `phase` is written only inside it.
  struct State {
    /// The upstream's subscription, while it lasts.
    var status = OperatorStatus.awaiting
    /// The demand asked for while the status is `awaiting`, passed up when the upstream
    /// subscribes.
    var pendingDemand = Subscribers.Demand.none
  }

  private let state = Lock<State>.make(State())
  private let phase = AtomicWord<OperatorPhase>(.awaiting)

  init() {}

  deinit { phase.deallocate() }

  /// Runs `body` with exclusive access to the state.
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try state.withLock { state in
      defer { phase.store(state.status.phase, ordering: .releasing) }
      return try body(&state)
    }
  }

  /// Whether values pass: the upstream subscribed and nothing ended the link.
  ///
  /// No lock.
  var isSubscribed: Bool { phase.load() == .subscribed }
}
