extension Publisher where Output == Never {
  /// Gives a publisher that never publishes a value the output type another publisher
  /// expects, as `setFailureType(to:)` does for the failure.
  ///
  /// ```swift
  /// saveCompletion.ignoreOutput().setOutputType(to: String.self).merge(with: messages)
  /// ```
  /// - Parameter outputType: The type of values to declare.
  /// - Returns: A publisher of `outputType` that sends only the upstream's completion.
  @inlinable
  public func setOutputType<NewOutput>(to outputType: NewOutput.Type)
    -> Publishers.Map<Self, NewOutput>
  {
    map { _ -> NewOutput in }
  }
}
