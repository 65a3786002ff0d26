extension Publisher {
  /// Replaces every value with the same given value.
  ///
  /// ```swift
  /// saveTaps.mapToValue(Screen.saved).assign(to: \.screen, on: router)
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter value: The value to publish for each upstream value.
  /// - Returns: A publisher of `value`, once per upstream value.
  @inlinable
  public func mapToValue<Value>(_ value: Value) -> Publishers.Map<Self, Value> {
    map { _ in value }
  }

  /// Replaces every value with `()`, keeping only that something happened.
  ///
  /// ```swift
  /// $query.dropFirst().mapToVoid().sink { analytics.log("search") }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of `()`, once per upstream value.
  @inlinable
  public func mapToVoid() -> Publishers.Map<Self, Void> {
    map { _ in () }
  }
}
