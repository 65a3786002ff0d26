extension Publisher {
  /// Publishes every value in one array when the upstream finishes.
  ///
  /// ```swift
  /// [1, 2, 3].publisher.collect().sink { print($0) }   // prints [1, 2, 3]
  ///   .store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of one array; a failure passes instead.
  @inlinable
  public func collect() -> Publishers.Collect<Self> { Publishers.Collect(upstream: self) }
}

extension Publishers {
  /// A publisher that gathers all of its upstream's values into one array.
  public struct Collect<Upstream: Publisher>: Publisher {
    /// All the upstream's values, in order.
    public typealias Output = [Upstream.Output]
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are gathered.
    public let upstream: Upstream

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publisher whose values are gathered.
    @inlinable
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes a gathering subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribeFolding(subscriber, into: [], name: "Collect") { $0?.append($1) }
    }
  }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {}
