extension Publisher where Output == Bool {
  /// Publishes the opposite of each value.
  ///
  /// ```swift
  /// $isLoading.toggle().assign(to: \.isEnabled, on: button).store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of the negated values.
  @inlinable
  public func toggle() -> Publishers.Map<Self, Bool> {
    map(!)
  }
}
