/// Which of its two upstreams a `catch` or `concatenate` is subscribed to: the second starts
/// only after the first ended.
@usableFromInline
enum TwoUpstreamPhase {
  case awaitingFirst
  case first(any Subscription)
  case awaitingSecond
  case second(any Subscription)
  case terminated

  /// The subscription of the upstream in progress, if any.
  @inlinable
  var upstream: (any Subscription)? {
    switch self {
    case .first(let upstream), .second(let upstream): upstream
    case .awaitingFirst, .awaitingSecond, .terminated: nil
    }
  }
}
