extension Publisher {
  /// Maps each value to a publisher and publishes the values of the latest one only,
  /// cancelling the one before: `map(transform).switchToLatest()`.
  ///
  /// ```swift
  /// $query.flatMapLatest { search($0) }.sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter transform: Makes the publisher for a value.
  /// - Returns: A publisher of the latest inner publisher's values.
  @inlinable
  public func flatMapLatest<P: Publisher>(_ transform: @escaping (Output) -> P)
    -> Publishers.SwitchToLatest<P, Publishers.Map<Self, P>>
  where P.Failure == Failure {
    map(transform).switchToLatest()
  }
}
