extension Publisher {
  /// Publishes the values of this publisher and another as they arrive, interleaved.
  ///
  /// ```swift
  /// saveTaps.merge(with: shortcutPresses).sink { save() }.store(in: &subscriptions)
  /// ```
  /// - Parameter other: Another publisher of the same values and failure.
  /// - Returns: A publisher of both publishers' values.
  @inlinable
  public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Merge(self, other)
  }
}

extension Publishers {
  /// A publisher of the values of two publishers, in the order they arrive.
  ///
  /// As in Combine: while the downstream's demand is bounded each upstream is asked for one
  /// value at a time, and a value that finds no demand waits (a newer one from the same
  /// upstream replaces it) until the downstream asks; unlimited demand passes to both. It
  /// finishes when both finished and fails with the first failure, cancelling the other. Its
  /// subscription is named "Merge" in `print`'s log.
  ///
  /// The upstreams may publish from different threads: the downstream is called by one thread at a
  /// time, never under a lock, in the order the values arrived. A call into it returns after
  /// delivering its own value: a value another thread sends meanwhile waits, and a drainer on a
  /// global dispatch queue delivers it, in order. Unlike Combine, nothing reaches the downstream
  /// after the completion. `cancel()` does not wait for a call in progress on another thread; once
  /// it returns, the downstream receives at most one more call, which another thread had already
  /// set out to make.
  public struct Merge<A: Publisher, B: Publisher>: Publisher
  where A.Output == B.Output, A.Failure == B.Failure {
    /// The values of both.
    public typealias Output = A.Output
    /// The failure of both.
    public typealias Failure = A.Failure

    /// The first publisher.
    public let a: A
    /// The second publisher.
    public let b: B

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - a: The first publisher.
    ///   - b: The second publisher.
    @inlinable
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    /// Hands the downstream its subscription, then subscribes to each upstream in order.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      MergeStorage.start(subscriber, a.subscribe, b.subscribe)
    }
  }
}

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {}
