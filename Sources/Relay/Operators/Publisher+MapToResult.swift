extension Publisher {
  /// Publishes each value as a `.success`, and the failure as a `.failure` followed by
  /// `.finished`: a publisher that cannot fail.
  ///
  /// ```swift
  /// api.profile().mapToResult().sink { result in render(result) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of results that never fails.
  @inlinable
  public func mapToResult() -> AnyPublisher<Result<Output, Failure>, Never> {
    map { Result<Output, Failure>.success($0) }.catch { Just(.failure($0)) }
      .eraseToAnyPublisher()
  }
}
