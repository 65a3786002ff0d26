/// Where the upstream of a `debounce`, `throttle` or `delay` stands.
@usableFromInline
enum TimedUpstreamStatus {
  case awaiting
  case subscribed(any Subscription)
  /// The upstream completed; the completion waits for its time.
  case completing
  case terminated
}
