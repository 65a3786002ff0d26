extension Publisher {
  /// Publishes whether every value satisfies a predicate: `false` as soon as one does not,
  /// `true` when the upstream finishes.
  ///
  /// ```swift
  /// fields.allSatisfy(\.isValid).sink { submit.isEnabled = $0 }.store(in: &subscriptions)
  /// ```
  /// - Parameter predicate: Whether a value passes.
  /// - Returns: A publisher of one Boolean.
  @inlinable
  public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
    Publishers.AllSatisfy(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher of whether every one of its upstream's values satisfies a predicate.
  ///
  /// The first value that does not cancels the upstream. Its subscription is named
  /// "AllSatisfy" in `print`'s log, as in Combine.
  public struct AllSatisfy<Upstream: Publisher>: Publisher {
    /// Whether every value passed.
    public typealias Output = Bool
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are checked.
    public let upstream: Upstream
    /// Whether a value passes.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are checked.
    ///   - predicate: Whether a value passes.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    /// Subscribes a checking subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      upstream.subscribeSearching(subscriber, notFound: true, name: "AllSatisfy") {
        predicate($0) ? nil : false
      }
    }
  }
}
