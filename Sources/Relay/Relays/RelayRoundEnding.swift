/// The only relay state that changes outside the lock: whether a round may end without it,
/// and which subscriber the round in progress is calling.
///
/// It lets the runner end an uneventful round with one compare-and-exchange instead of taking
/// the lock a second time. The word moves between three states:
///
/// - `idle`: nobody runs rounds.
/// - `delivering`: a round is in progress and nothing waits for its runner, which may
///   therefore stop without the lock when the round ends.
/// - `deliveringWithWork`: a round is in progress and a thread holding the lock left its
///   runner work (a queued event, a list to release). The runner's exchange fails, so it takes
///   the lock and finds the work.
///
/// Every transition but the runner's `delivering` → `idle` happens under the lock. The state
/// machine knows none of this: the storage keeps the word in step with it
/// (`RelayStateMachine.roundEnding`), and before any other event tells it, with the event
/// `runnerStoppedWithoutLock()`, when the runner stopped without the lock.
///
/// It is a view of two words in its owner's memory (the start of `RelayStorage`'s header),
/// which start at zero: `idle`, and no subscriber being called.
@usableFromInline
struct RelayRoundEnding {
  @usableFromInline
  enum Word: UInt8, AtomicWordValue {
    case idle, delivering, deliveringWithWork
  }

  @usableFromInline let word: AtomicWord<Word>
  /// The order of the subscriber the round in progress calls, so that a subscriber that
  /// cancels another on the delivering thread can tell whether that one is on the stack.
  ///
  /// Written and read by the delivering thread only.
  @usableFromInline let calling: AtomicWord<UInt64>

  /// The two words at `address`, which start at zero: `calling` first, then `word`.
  @inlinable @inline(__always)
  init(at address: UnsafeMutableRawPointer) {
    calling = AtomicWord(atExisting: address)
    word = AtomicWord(atExisting: address + MemoryLayout<UInt64>.stride)
  }

  /// Under the lock, when the state machine believes a round is in progress: holds its
  /// runner at the lock for the end of its round.
  ///
  /// - Returns: `false` when the runner has already stopped without the lock.
  @inlinable @inline(__always)
  func holdRunner() -> Bool {
    // Load first: a stopped runner is the common case, and it costs no read-modify-write.
    switch word.load(ordering: .acquiring) {
    case .idle: return false
    case .deliveringWithWork: return true
    case .delivering:
      let (exchanged, original) = word.compareExchange(
        expected: .delivering, desired: .deliveringWithWork,
        successOrdering: .acquiring, failureOrdering: .acquiring)
      return exchanged || original == .deliveringWithWork
    }
  }

  /// Under the lock: stores what the state machine says the word must be now.
  @inlinable @inline(__always)
  func set(_ state: Word) {
    if word.load(ordering: .relaxed) != state { word.store(state, ordering: .releasing) }
  }

  /// The runner, without the lock: stops unless someone left it work.
  ///
  /// - Returns: Whether it stopped; when not, it must take the lock and find the work.
  @inlinable @inline(__always)
  func stopUnlessWorkWasLeft() -> Bool {
    // Releasing: the calls it made happen before a thread that then sees `idle` goes on.
    word.compareExchange(
      expected: .delivering, desired: .idle, successOrdering: .releasing,
      failureOrdering: .relaxed
    ).exchanged
  }

  /// The runner: about to call the subscriber at `order`.
  @inlinable @inline(__always)
  func willCall(_ order: UInt64) { calling.store(order, ordering: .relaxed) }

  /// The delivering thread: the subscriber whose call is on its stack.
  @inlinable @inline(__always)
  var subscriberBeingCalled: UInt64 { calling.load(ordering: .relaxed) }
}
