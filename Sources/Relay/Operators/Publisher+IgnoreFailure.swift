extension Publisher {
  /// Replaces a failure with an empty publisher: by default the subscriber finishes
  /// instead, or, with `completeImmediately: false`, it receives nothing more.
  ///
  /// ```swift
  /// api.refresh().ignoreFailure().sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter completeImmediately: Whether a failure becomes `.finished`; `true` by
  ///   default. With `false`, the publisher never completes after a failure.
  /// - Returns: A publisher that cannot fail.
  @inlinable
  public func ignoreFailure(completeImmediately: Bool = true) -> AnyPublisher<Output, Never> {
    self.catch { _ in Empty(completeImmediately: completeImmediately) }.eraseToAnyPublisher()
  }

  /// Replaces a failure with an empty publisher, and declares another failure type.
  ///
  /// ```swift
  /// cache.load().ignoreFailure(setFailureType: NetworkError.self).append(network.load())
  /// ```
  /// - Parameters:
  ///   - newFailureType: The failure type to declare.
  ///   - completeImmediately: Whether a failure becomes `.finished`; `true` by default.
  /// - Returns: A publisher that never fails though its type says it can.
  @inlinable
  public func ignoreFailure<NewFailure: Error>(
    setFailureType newFailureType: NewFailure.Type, completeImmediately: Bool = true
  ) -> AnyPublisher<Output, NewFailure> {
    ignoreFailure(completeImmediately: completeImmediately).setFailureType(to: newFailureType)
      .eraseToAnyPublisher()
  }
}
