/// Where an operator that gives its subscriber its own subscription stands with its upstream:
/// the same three states as a subscriber's, its `subscription` being the upstream's.
///
/// It lives in a `Lock`; the operator mirrors it in an `AtomicWord<OperatorPhase>` so that the
/// value path can check it without the lock. Every method hands a subscription it drops back
/// to the caller, to be cancelled or released after the lock.
@usableFromInline
typealias OperatorStatus = SubscriberStatus

extension OperatorStatus {
  /// The status without its subscription, to mirror in an atomic.
  var phase: OperatorPhase {
    switch self {
    case .awaiting: .awaiting
    case .subscribed: .subscribed
    case .terminated: .terminated
    }
  }
}

/// An `OperatorStatus` without its subscription, readable without the lock.
///
/// A struct over a byte rather than an enum: loading an enum from an atomic checks that the
/// byte is a valid case, which the value path would pay for on every value.
@usableFromInline
struct OperatorPhase: RawRepresentable, AtomicWordValue, Equatable, Sendable {
  @usableFromInline let rawValue: UInt8
  @inlinable init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The byte, as stored.
  @inlinable @inline(__always)
  static func encodeAtomic(_ value: OperatorPhase) -> UInt8 { value.rawValue }
  /// The phase of a stored byte, unchecked.
  @inlinable @inline(__always)
  static func decodeAtomic(_ storage: UInt8) -> OperatorPhase { OperatorPhase(rawValue: storage) }

  /// No subscription yet.
  @inlinable static var awaiting: OperatorPhase { OperatorPhase(rawValue: 0) }
  /// Connected to the upstream.
  @inlinable static var subscribed: OperatorPhase { OperatorPhase(rawValue: 1) }
  /// Cancelled or completed.
  @inlinable static var terminated: OperatorPhase { OperatorPhase(rawValue: 2) }
  /// Subscribed, and the operator's value path has set up its own state (`removeDuplicates`'
  /// previous value): one comparison then tells the common case.
  @inlinable static var primed: OperatorPhase { OperatorPhase(rawValue: 3) }
}

extension AtomicWord where Value == OperatorPhase {
  /// The phase, as last set under the status lock.
  @inlinable
  func load() -> OperatorPhase { load(ordering: .acquiring) }

  /// Moves from `subscribed` to `primed`; `false` when a cancel or completion came first.
  @inlinable
  func prime() -> Bool {
    compareExchange(expected: .subscribed, desired: .primed, ordering: .acquiringAndReleasing)
      .exchanged
  }
}

extension Lock where State == OperatorStatus {
  /// Keeps the first subscription; `false` for any later one and for one that arrives after a
  /// cancel, which the caller cancels.
  @inlinable
  func accept(_ subscription: any Subscription, phase: AtomicWord<OperatorPhase>) -> Bool {
    withLock { status in
      guard status.accept(subscription) else { return false }
      phase.store(.subscribed, ordering: .releasing)
      return true
    }
  }

  /// Ends the status for a completion and returns what it was; the caller releases it.
  @inlinable
  func finish(phase: AtomicWord<OperatorPhase>) -> OperatorStatus {
    withLock { status in
      defer {
        if case .subscribed = status {
          status = .terminated
          phase.store(.terminated, ordering: .releasing)
        }
      }
      return status
    }
  }

  /// Ends the status for a cancel and returns the upstream subscription to cancel, if any.
  @inlinable
  func cancel(phase: AtomicWord<OperatorPhase>) -> (any Subscription)? {
    withLock { status in
      defer {
        status = .terminated
        phase.store(.terminated, ordering: .releasing)
      }
      return status.subscription
    }
  }

  /// The upstream subscription while connected.
  @inlinable
  var upstream: (any Subscription)? { withLock { $0.subscription } }
}
