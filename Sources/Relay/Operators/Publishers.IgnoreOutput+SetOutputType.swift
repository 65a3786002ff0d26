extension Publisher {
  /// Ignores every value and declares the output type another publisher expects: only the
  /// completion passes.
  ///
  /// ```swift
  /// saveRequest.ignoreOutput(setOutputType: Message.self).merge(with: messages)
  ///   .sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter outputType: The type of values to declare.
  /// - Returns: A publisher of `outputType` that sends only the upstream's completion.
  @inlinable
  public func ignoreOutput<NewOutput>(setOutputType outputType: NewOutput.Type)
    -> Publishers.Map<Publishers.IgnoreOutput<Self>, NewOutput>
  {
    ignoreOutput().map { _ -> NewOutput in }
  }
}
