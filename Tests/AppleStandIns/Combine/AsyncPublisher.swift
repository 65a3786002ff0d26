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
