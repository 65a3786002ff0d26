extension Array {
  /// Moves the elements out, leaving the array empty, so that a caller under a lock can
  /// release them after unlocking.
  @inlinable
  mutating func take() -> [Element] {
    defer { self = [] }
    return self
  }
}
