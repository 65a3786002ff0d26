/// Where a single-upstream operator that hands its downstream a subscription of its own stands
/// with its upstream, under a lock, mirrored in an atomic so that the value path checks it
/// without the lock.
///
/// Every change goes through `withLock`, which updates the mirror before it unlocks, so the
/// mirror never disagrees with the status once the lock is released.
final class UpstreamLink: @unchecked Sendable {
  // `status` is guarded by its lock; `phase` is written only inside it.
  enum Status {
    /// No subscription yet, with the demand asked for until it comes.
    case awaiting(pending: Subscribers.Demand)
    case subscribed(any Subscription)
    /// Cancelled or completed.
    case terminated

    var phase: OperatorPhase {
      switch self {
      case .awaiting: .awaiting
      case .subscribed: .subscribed
      case .terminated: .terminated
      }
    }
  }

  private let status = Lock<Status>.make(.awaiting(pending: .none))
  private let phase = AtomicWord<OperatorPhase>(.awaiting)

  init() {}

  deinit { phase.deallocate() }

  /// Runs `body` with exclusive access to the status.
  func withLock<Result>(_ body: (inout Status) throws -> Result) rethrows -> Result {
    try status.withLock { status in
      defer { phase.store(status.phase, ordering: .releasing) }
      return try body(&status)
    }
  }

  /// Whether values pass: the upstream subscribed and nothing ended the link.
  ///
  /// No lock.
  var isSubscribed: Bool { phase.load() == .subscribed }
}
