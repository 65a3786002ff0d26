extension Publisher {
  /// A publisher of one side of a `partition(_:)`.
  public typealias Partition = AnyPublisher<Output, Failure>

  /// Splits the values into two publishers: those that satisfy a predicate and those that
  /// do not.
  ///
  /// ```swift
  /// let (evens, odds) = numbers.partition { $0.isMultiple(of: 2) }
  /// ```
  /// Both sides share one subscription to this publisher (`share()`), made when the first
  /// side is subscribed; the predicate runs once per value. Both complete as it does.
  /// - Parameter predicate: Whether a value goes to `matches`.
  /// - Returns: The values that satisfy the predicate, and the others.
  public func partition(_ predicate: @escaping (Output) -> Bool)
    -> (matches: Partition, nonMatches: Partition)
  {
    let shared = map { ($0, predicate($0)) }.share()
    return (
      shared.compactMap { $0.1 ? $0.0 : nil }.eraseToAnyPublisher(),
      shared.compactMap { $0.1 ? nil : $0.0 }.eraseToAnyPublisher()
    )
  }
}
