extension Publisher {
  /// Publishes the smallest value by an ordering that may throw, when the upstream finishes; a
  /// thrown error ends the publisher.
  ///
  /// ```swift
  /// readings.tryMin { try $0.celsius() < $1.celsius() }
  /// ```
  /// - Parameter areInIncreasingOrder: Whether its first argument comes before its second, or
  ///   throws.
  /// - Returns: A publisher of the smallest value that fails with the error thrown or the
  ///   upstream's error.
  @inlinable
  public func tryMin(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool)
    -> Publishers.TryComparison<Self>
  {
    tryMax { try areInIncreasingOrder($1, $0) }
  }

  /// Publishes the largest value by an ordering that may throw, when the upstream finishes; a
  /// thrown error ends the publisher.
  ///
  /// ```swift
  /// readings.tryMax { try $0.celsius() < $1.celsius() }
  /// ```
  /// - Parameter areInIncreasingOrder: Whether its first argument comes before its second, or
  ///   throws.
  /// - Returns: A publisher of the largest value that fails with the error thrown or the
  ///   upstream's error.
  @inlinable
  public func tryMax(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool)
    -> Publishers.TryComparison<Self>
  {
    Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }
}

extension Publishers {
  /// A publisher of the largest of its upstream's values by an ordering that may throw.
  ///
  /// A thrown error cancels the upstream and fails the downstream with it. Its subscription is
  /// named "TryComparison" in `print`'s log, as in Combine.
  public struct TryComparison<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose values are compared.
    public let upstream: Upstream
    /// Whether its first argument comes before its second, or throws.
    public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are compared.
    ///   - areInIncreasingOrder: Whether its first argument comes before its second, or throws.
    @inlinable
    public init(
      upstream: Upstream,
      areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
    ) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// Subscribes a comparing subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let areInIncreasingOrder = self.areInIncreasingOrder
      upstream.subscribeTryFolding(subscriber, into: nil, name: "TryComparison") { kept, value in
        if let current = kept, try !areInIncreasingOrder(current, value) { return }
        kept = value
      }
    }
  }
}
