extension Publisher where Output: Collection {
  /// Publishes each collection with every element transformed.
  ///
  /// ```swift
  /// $users.mapMany(\.name).sink { names in print(names) }.store(in: &subscriptions)
  /// ```
  /// - Parameter transform: Transforms one element.
  /// - Returns: A publisher of arrays of the transformed elements.
  @inlinable
  public func mapMany<Result>(_ transform: @escaping (Output.Element) -> Result)
    -> Publishers.Map<Self, [Result]>
  {
    map { $0.map(transform) }
  }

  /// Publishes each collection keeping only the elements that satisfy a predicate.
  ///
  /// ```swift
  /// $tasks.filterMany { !$0.isDone }.sink { show(pending: $0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter isIncluded: Whether an element stays.
  /// - Returns: A publisher of arrays of the elements that stay, in order.
  @inlinable
  public func filterMany(_ isIncluded: @escaping (Output.Element) -> Bool)
    -> AnyPublisher<[Output.Element], Failure>
  {
    map { $0.filter(isIncluded) }.eraseToAnyPublisher()
  }
}
