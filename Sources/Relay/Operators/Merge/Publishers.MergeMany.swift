extension Publisher {
  /// Publishes the values of this publisher and another of the same type as they arrive,
  /// interleaved.
  ///
  /// ```swift
  /// let taps = leftButton.taps.merge(with: rightButton.taps)
  /// ```
  /// - Parameter other: Another publisher of the same type.
  /// - Returns: A `MergeMany` of the two, which more publishers of the type can join.
  @inlinable
  public func merge(with other: Self) -> Publishers.MergeMany<Self> {
    Publishers.MergeMany(self, other)
  }
}

extension Publishers {
  /// A publisher of the values of any number of publishers of one type, in the order they
  /// arrive.
  ///
  /// It behaves as `Merge`, with as many upstreams as it was given; with none, it finishes at
  /// once.
  ///
  /// ```swift
  /// Publishers.MergeMany(rows.map(\.$isSelected)).sink { _ in updateToolbar() }
  ///   .store(in: &subscriptions)
  /// ```
  public struct MergeMany<Upstream: Publisher>: Publisher {
    /// The upstreams' values.
    public typealias Output = Upstream.Output
    /// The upstreams' failure.
    public typealias Failure = Upstream.Failure

    /// The publishers merged.
    public let publishers: [Upstream]

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publishers to merge.
    @inlinable
    public init(_ upstream: Upstream...) { publishers = upstream }

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publishers to merge.
    @inlinable
    public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
      publishers = Array(upstream)
    }

    /// Hands the downstream its subscription, then subscribes to each upstream in order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      guard !publishers.isEmpty else {
        subscriber.receive(subscription: EmptySubscription.shared)
        return subscriber.receive(completion: .finished)
      }
      MergeStorage(downstream: subscriber, count: publishers.count).start(publishers)
    }

    /// Adds a publisher to merge.
    ///
    /// - Parameter other: Another publisher of the same type.
    /// - Returns: A publisher merging this one's upstreams and `other`.
    @inlinable
    public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
      Publishers.MergeMany(publishers + [other])
    }
  }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {}
