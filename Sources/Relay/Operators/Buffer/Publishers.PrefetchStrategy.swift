extension Publishers {
  /// How `buffer(size:prefetch:whenFull:)` asks its upstream for values.
  public enum PrefetchStrategy: Equatable, Hashable, Sendable {
    /// Asks for as many values as the buffer holds at once, then for one more for each value
    /// that leaves it.
    case keepFull
    /// Asks for every value at once, and relies on the buffer's strategy when it is full.
    case byRequest
  }
}
