extension Publisher {
  /// Publishes a given value in place of each `nil` value.
  ///
  /// ```swift
  /// $profile.map(\.nickname).replaceNil(with: "Anonymous").sink { label.text = $0 }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter output: The value that replaces `nil`.
  /// - Returns: A publisher of the values unwrapped, or `output`: a `map`, as in Combine.
  @inlinable
  public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
    map { $0 ?? output }
  }
}
