extension Publisher where Output: Comparable {
  /// Publishes the smallest value, when the upstream finishes.
  ///
  /// ```swift
  /// [3, -1, 2].publisher.min().sink { print($0) }  // prints -1
  ///   .store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of the smallest value, or of none when the upstream sent none.
  @inlinable
  public func min() -> Publishers.Comparison<Self> { max(by: >) }

  /// Publishes the largest value, when the upstream finishes.
  ///
  /// ```swift
  /// [3, -1, 2].publisher.max().sink { print($0) }  // prints 3
  ///   .store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of the largest value, or of none when the upstream sent none.
  @inlinable
  public func max() -> Publishers.Comparison<Self> { max(by: <) }
}

extension Publisher {
  /// Publishes the smallest value by an ordering, when the upstream finishes.
  ///
  /// ```swift
  /// scores.min { $0.points < $1.points }.sink { print("lowest: \($0.name)") }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter areInIncreasingOrder: Whether its first argument comes before its second.
  /// - Returns: A publisher of the smallest value, or of none when the upstream sent none.
  @inlinable
  public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool)
    -> Publishers.Comparison<Self>
  {
    max { areInIncreasingOrder($1, $0) }
  }

  /// Publishes the largest value by an ordering, when the upstream finishes.
  ///
  /// ```swift
  /// scores.max { $0.points < $1.points }.sink { print("highest: \($0.name)") }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter areInIncreasingOrder: Whether its first argument comes before its second.
  /// - Returns: A publisher of the largest value, or of none when the upstream sent none.
  @inlinable
  public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool)
    -> Publishers.Comparison<Self>
  {
    Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }
}

extension Publishers {
  /// A publisher of the largest of its upstream's values by an ordering: a value replaces the
  /// one kept when the two are in increasing order.
  ///
  /// `min` reverses the ordering. Of equal values, the first one is kept. Its subscription is
  /// named "Comparison" in `print`'s log, as in Combine.
  public struct Comparison<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are compared.
    public let upstream: Upstream
    /// Whether its first argument comes before its second.
    public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are compared.
    ///   - areInIncreasingOrder: Whether its first argument comes before its second.
    @inlinable
    public init(
      upstream: Upstream,
      areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool
    ) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    /// Subscribes a comparing subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let areInIncreasingOrder = self.areInIncreasingOrder
      upstream.subscribeFolding(subscriber, into: nil, name: "Comparison") { kept, value in
        if let current = kept, !areInIncreasingOrder(current, value) { return }
        kept = value
      }
    }
  }
}
