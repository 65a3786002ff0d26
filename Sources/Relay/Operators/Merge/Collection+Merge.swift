extension Collection where Element: Publisher {
  /// Publishes the values of every publisher in the collection as they come.
  ///
  /// ```swift
  /// sensors.map(\.readings).merge().sink { log($0) }.store(in: &subscriptions)
  /// ```
  /// `Publishers.MergeMany` of the collection: it finishes when every publisher has finished
  /// (at once for an empty collection) and fails with the first failure.
  /// - Returns: A publisher of all the values.
  @inlinable
  public func merge() -> AnyPublisher<Element.Output, Element.Failure> {
    Publishers.MergeMany(self).eraseToAnyPublisher()
  }
}
