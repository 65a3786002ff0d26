extension Publisher {
  /// Publishes each run of `size` consecutive values, as an array, once `size` values
  /// have arrived: the window slides by one value each time.
  ///
  /// ```swift
  /// readings.nwise(3).map { $0.reduce(0, +) / 3 }  // a moving average of three
  /// ```
  /// - Parameter size: How many values each array holds; more than one.
  /// - Returns: A publisher of arrays of `size` consecutive values, oldest first.
  @inlinable
  public func nwise(_ size: Int) -> AnyPublisher<[Output], Failure> {
    precondition(size > 1, "nwise(\(size)): the size must be greater than 1")
    return scan([Output]()) { window, value in
      var window = window
      if window.count == size { window.removeFirst() }
      window.append(value)
      return window
    }.filter { $0.count == size }.eraseToAnyPublisher()
  }

  /// Publishes each value with the one before it, from the second value on.
  ///
  /// ```swift
  /// $count.pairwise().map { $1 - $0 }.sink { print("changed by", $0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of pairs: the previous value, then the new one.
  @inlinable
  public func pairwise() -> AnyPublisher<(Output, Output), Failure> {
    nwise(2).map { ($0[0], $0[1]) }.eraseToAnyPublisher()
  }
}
