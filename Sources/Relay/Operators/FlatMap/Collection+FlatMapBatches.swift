extension Collection where Element: Publisher {
  /// Subscribes to the publishers `size` at a time and publishes the arrays `zip()` makes of
  /// each batch; a batch starts only once the one before has finished.
  ///
  /// ```swift
  /// imageRequests.flatMapBatches(of: 4).sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// A failure ends the publisher at once; a batch that never finishes holds back the rest.
  /// - Parameter size: How many publishers run together; more than zero.
  /// - Returns: A publisher of each batch's arrays, in the collection's order.
  @inlinable
  public func flatMapBatches(of size: Int) -> AnyPublisher<[Element.Output], Element.Failure> {
    precondition(size > 0, "flatMapBatches(of: \(size)): the size must be positive")
    let publishers = Array(self)
    let batches = stride(from: 0, to: publishers.count, by: size).map { start in
      Array(publishers[start..<Swift.min(start + size, publishers.count)])
    }
    return batches.publisher.setFailureType(to: Element.Failure.self)
      .flatMap(maxPublishers: .max(1)) { $0.zip() }.eraseToAnyPublisher()
  }
}
