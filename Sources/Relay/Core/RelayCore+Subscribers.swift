extension RelayCore {
  /// Whether any subscriber is attached right now.
  @inlinable
  var hasSubscribers: Bool { state.withLock { $0.entries.count > 0 } }
}
