/// What a relay keeps of the values other threads send while it is delivering.
///
/// A relay never blocks a sender. A value sent while another thread's round is under way waits
/// in the relay's backlog, and the relay's drainer delivers it later, in order. When other
/// threads keep sending faster than the subscribers take values, that backlog grows with what
/// they send; this policy says whether it may grow without bound or keeps only the newest.
///
/// ```swift
/// // A model updated from several threads: a slow screen sees the latest state, not every one.
/// let state = CurrentValueRelay(Model(), backlog: .keepingNewest(1))
/// ```
///
/// Dropping happens before any subscriber received the value, so every subscriber still sees
/// the same sequence. Never dropped: a value sent while the relay is idle (no round under way
/// and no `modify` running its closure), which its sender delivers before `send` returns, and
/// a value a subscriber sends from inside its call, whether the sending thread or the drainer
/// runs the round.
public enum BacklogPolicy: Hashable, Sendable {
  /// Keep every value: none is ever lost, and memory grows with what other threads send while
  /// the subscribers are busy. The default, as in Combine.
  case unbounded
  /// Keep at most this many values from other threads waiting; when another arrives, the
  /// oldest of them is dropped.
  ///
  /// A count of `UInt32.max` (4,294,967,295) or more keeps every value, as `unbounded` does:
  /// that many values waiting would take more memory than a process has.
  case keepingNewest(Int)

  /// The most values that may wait, or `nil` for no limit.
  @inlinable
  var limit: Int? {
    switch self {
    case .unbounded: return nil
    case .keepingNewest(let count):
      precondition(count >= 1, "BacklogPolicy.keepingNewest(\(count)): keep at least one value")
      return count
    }
  }

  /// The limit as a relay keeps it: four bytes, `UInt32.max` for no limit.
  @inlinable
  var storedLimit: UInt32 {
    guard let limit else { return .max }
    return UInt32(clamping: limit)
  }
}
