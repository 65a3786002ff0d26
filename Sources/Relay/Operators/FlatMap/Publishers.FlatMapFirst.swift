extension Publisher {
  /// Maps a value to a publisher and publishes its values, ignoring the values that arrive
  /// while that publisher is still running.
  ///
  /// ```swift
  /// refreshTaps.flatMapFirst { api.reload() }.sink { show($0) }  // taps during a reload: none
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter transform: Makes the publisher for a value that finds none running.
  /// - Returns: A publisher of the inner publishers' values, one inner publisher at a time.
  @inlinable
  public func flatMapFirst<P: Publisher>(_ transform: @escaping (Output) -> P)
    -> Publishers.FlatMapFirst<Self, P>
  where P.Failure == Failure {
    Publishers.FlatMapFirst(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that maps an upstream value to a publisher and, while that publisher runs,
  /// drops the upstream's values, as CombineExt's `flatMapFirst` does.
  ///
  /// Each subscription keeps its own "running" flag (CombineExt's is shared by every
  /// subscription to one publisher): a value that finds no inner publisher running makes
  /// one, and the inner publisher's completion or cancel lets the next value through. It is
  /// `filter` and `flatMap`, so it completes and fails as `flatMap` does.
  public struct FlatMapFirst<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where NewPublisher.Failure == Upstream.Failure {
    /// The inner publishers' values.
    public typealias Output = NewPublisher.Output
    /// The upstream's failure, which the inner publishers share.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values make inner publishers.
    public let upstream: Upstream
    /// Makes the inner publisher for a value.
    public let transform: (Upstream.Output) -> NewPublisher

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values make inner publishers.
    ///   - transform: Makes the inner publisher for a value.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> NewPublisher) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Subscribes the subscriber to a `filter` and `flatMap` of the upstream that share one
    /// new "running" flag.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let running = Lock<Bool>.make(false)
      let transform = transform
      upstream.filter { _ in
        running.withLock { running in
          defer { running = true }
          return !running
        }
      }.flatMap { value in
        transform(value).handleEvents(
          receiveCompletion: { _ in running.withLock { $0 = false } },
          receiveCancel: { running.withLock { $0 = false } })
      }.subscribe(subscriber)
    }
  }
}
