/// A publisher that exposes its elements as an asynchronous sequence (type-checked only: its
/// iterator ends at once in the stand-in).
public struct AsyncPublisher<P>: AsyncSequence where P: Publisher, P.Failure == Never {
  public typealias Element = P.Output

  public struct Iterator: AsyncIteratorProtocol {
    public mutating func next() async -> P.Output? { nil }
  }

  public init(_ publisher: P) {}

  public func makeAsyncIterator() -> Iterator { Iterator() }
}

extension Publisher where Self.Failure == Never {
  public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

/// A publisher that exposes its elements as an asynchronous sequence that throws its failure
/// (type-checked only: its iterator ends at once in the stand-in).
public struct AsyncThrowingPublisher<P>: AsyncSequence where P: Publisher {
  public typealias Element = P.Output

  public struct Iterator: AsyncIteratorProtocol {
    public mutating func next() async throws -> P.Output? { nil }
  }

  public init(_ publisher: P) {}

  public func makeAsyncIterator() -> Iterator { Iterator() }
}

extension Publisher {
  public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}
