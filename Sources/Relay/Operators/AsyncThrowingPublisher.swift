extension Publisher where Output: Sendable {
  /// The publisher's values as an asynchronous sequence that throws the publisher's failure.
  ///
  /// Each iterator subscribes when it is made and asks for every value; values that arrive
  /// faster than the loop takes them wait in order in a buffer, so none is lost. A failure is
  /// thrown after the values that came before it; the loop then ends. Ending the loop,
  /// dropping the iterator or cancelling the task cancels the subscription and releases the
  /// values waiting.
  ///
  /// ```swift
  /// do {
  ///   for try await page in pages.values { show(page) }
  /// } catch {
  ///   showError(error)
  /// }
  /// ```
  public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}

/// An asynchronous sequence of a publisher's values that throws the publisher's failure.
public struct AsyncThrowingPublisher<Upstream: Publisher>: AsyncSequence
where Upstream.Output: Sendable {
  /// The upstream's values.
  public typealias Element = Upstream.Output

  /// The publisher whose values are iterated.
  public let upstream: Upstream

  /// Wraps a publisher.
  ///
  /// - Parameter upstream: The publisher whose values are iterated.
  public init(_ upstream: Upstream) { self.upstream = upstream }

  /// Subscribes and returns an iterator over the values from now on.
  public func makeAsyncIterator() -> Iterator {
    let inner = AsyncPublisherBuffer<Element, Upstream.Failure>()
    upstream.subscribe(inner)
    return Iterator(inner: inner, token: AsyncPublisherBuffer.CancelToken(inner: inner))
  }

  /// Iterates a publisher's values; the subscription ends when the iterator is dropped.
  public struct Iterator: AsyncIteratorProtocol {
    let inner: AsyncPublisherBuffer<Element, Upstream.Failure>
    let token: AsyncPublisherBuffer<Element, Upstream.Failure>.CancelToken

    /// The next value, or `nil` once the publisher finished or the task was cancelled.
    ///
    /// - Throws: The publisher's failure, once, after the values that came before it.
    public mutating func next() async throws -> Element? { try await inner.next().get() }
  }
}

extension AsyncThrowingPublisher: Sendable where Upstream: Sendable {}
