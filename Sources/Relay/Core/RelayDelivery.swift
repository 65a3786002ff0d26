import Synchronization

/// Who runs a relay's delivery sequence, and how far its round in progress got: the only relay
/// state that changes outside the lock.
///
/// It lets the deliverer end an uneventful sequence with one compare-and-exchange instead of
/// taking the lock a second time. The owner word moves between three states:
///
/// - `idle`: nobody delivers. Only a thread holding the lock may claim it.
/// - `delivering`: one thread runs rounds. Nothing waits for it, so at the end of its round it
///   may return to `idle` without the lock.
/// - `deliveringWithWork`: one thread runs rounds, and a thread holding the lock left it work
///   (a pending event, a waiting canceller, retired subscribers to release). The deliverer's
///   exchange fails, so it takes the lock and finds the work.
///
/// Every transition but the deliverer's `delivering` → `idle` happens under the lock, so a
/// thread holding the lock that reads `idle` knows it stays `idle` until it releases the lock.
/// The state machine receives this value rather than owning it, so it stays free of threads
/// and tests can play the deliverer's part by hand.
@usableFromInline
struct RelayDelivery: ~Copyable {
  @usableFromInline static var idle: UInt8 { 0 }
  @usableFromInline static var delivering: UInt8 { 1 }
  @usableFromInline static var deliveringWithWork: UInt8 { 2 }

  @usableFromInline let owner = Atomic<UInt8>(RelayDelivery.idle)
  /// The order of the last subscriber the round in progress has finished calling; a canceller
  /// waits only for a round that has not passed its subscriber yet.
  @usableFromInline let progress = Atomic<UInt64>(0)

  @inlinable init() {}

  /// Under the lock: whether a thread runs rounds.
  @inlinable
  var isDelivering: Bool { owner.load(ordering: .acquiring) != Self.idle }

  /// Under the lock: makes the caller the deliverer when nobody delivers; otherwise leaves the
  /// deliverer work to pick up under the lock.
  ///
  /// - Returns: Whether the caller now runs rounds.
  @inlinable
  func claimOrLeaveWork() -> Bool {
    // Load first: the uncontended case then pays no read-modify-write.
    if owner.load(ordering: .acquiring) != Self.idle, leaveWork() { return false }
    // `idle`, and nobody else may leave it while the caller holds the lock: a store will do.
    owner.store(Self.delivering, ordering: .relaxed)
    return true
  }

  /// Under the lock: leaves the deliverer, if there is one, work to pick up under the lock.
  ///
  /// - Returns: Whether a thread runs rounds and will take the lock before it stops.
  @inlinable
  func leaveWork() -> Bool {
    let (exchanged, original) = owner.compareExchange(
      expected: Self.delivering, desired: Self.deliveringWithWork,
      successOrdering: .acquiring, failureOrdering: .acquiring)
    // On failure the word was already flagged, or the deliverer has just stopped.
    return exchanged || original == Self.deliveringWithWork
  }

  /// The deliverer, without the lock: stops delivering unless someone left it work.
  ///
  /// - Returns: Whether it stopped; when not, it must take the lock and find the work.
  @inlinable
  func stopUnlessWorkWasLeft() -> Bool {
    // Releasing: the calls it made happen before a thread that then sees `idle` goes on.
    owner.compareExchange(
      expected: Self.delivering, desired: Self.idle,
      successOrdering: .releasing, failureOrdering: .relaxed
    ).exchanged
  }

  /// The deliverer, under the lock, starting a round it took from the pending work: whether
  /// it may stop without the lock after it depends on whether work is still left.
  @inlinable
  func continueDelivering(workLeft: Bool) {
    owner.store(workLeft ? Self.deliveringWithWork : Self.delivering, ordering: .relaxed)
  }

  /// The deliverer, under the lock, having found no work: stops delivering.
  @inlinable
  func stop() { owner.store(Self.idle, ordering: .releasing) }

  /// Under the lock: a new round starts and has called nobody yet.
  @inlinable
  func startRound() { progress.store(0, ordering: .relaxed) }

  /// The deliverer: the round has finished calling the subscriber at `order`.
  @inlinable
  func passed(_ order: UInt64) { progress.store(order, ordering: .releasing) }

  /// A canceller, after the lock: whether the round in progress has finished calling `order`.
  @inlinable
  func hasPassed(_ order: UInt64) -> Bool { progress.load(ordering: .acquiring) >= order }
}
