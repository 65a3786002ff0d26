extension Publisher where Output: Equatable {
  /// Publishes whether the upstream sends a given value: `true` as soon as it does, `false`
  /// when it finishes without.
  ///
  /// ```swift
  /// pressedKeys.contains(.escape).sink { if $0 { dismiss() } }.store(in: &subscriptions)
  /// ```
  /// - Parameter output: The value to look for.
  /// - Returns: A publisher of one Boolean.
  @inlinable
  public func contains(_ output: Output) -> Publishers.Contains<Self> {
    Publishers.Contains(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher of whether its upstream sends a given value.
  ///
  /// The first equal value cancels the upstream. Its subscription is named "Contains" in
  /// `print`'s log, as in Combine.
  public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
    /// Whether the value was found.
    public typealias Output = Bool
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are searched.
    public let upstream: Upstream
    /// The value to look for.
    public let output: Upstream.Output

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are searched.
    ///   - output: The value to look for.
    @inlinable
    public init(upstream: Upstream, output: Upstream.Output) {
      self.upstream = upstream
      self.output = output
    }

    /// Subscribes a searching subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let output = self.output
      upstream.subscribeSearching(subscriber, notFound: false, name: "Contains") {
        $0 == output ? true : nil
      }
    }
  }
}

extension Publishers.Contains: Equatable where Upstream: Equatable {}
