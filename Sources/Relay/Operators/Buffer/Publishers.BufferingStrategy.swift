extension Publishers {
  /// What `buffer(size:prefetch:whenFull:)` does with a value that finds its buffer full.
  public enum BufferingStrategy<Failure: Error> {
    /// Drops the value that arrived: the buffer keeps the oldest ones.
    case dropNewest
    /// Drops the oldest value in the buffer to make room for the one that arrived.
    case dropOldest
    /// Cancels the upstream and fails with the error the closure makes, once the values in the
    /// buffer were delivered.
    case customError(() -> Failure)
  }
}
