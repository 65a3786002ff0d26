extension Publisher {
  /// Transforms each value with a closure that may throw; a thrown error ends the publisher.
  ///
  /// ```swift
  /// data.tryMap { try JSONDecoder().decode(User.self, from: $0) }
  /// ```
  /// - Parameter transform: Turns a value into the value to publish, or throws.
  /// - Returns: A publisher of the transformed values that fails with the error thrown or the
  ///   upstream's error.
  @inlinable
  public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
    Publishers.TryMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher that transforms each upstream value with a closure that may throw.
  ///
  /// A thrown error cancels the upstream and fails the downstream with it.
  public struct TryMap<Upstream: Publisher, Output>: Publisher {
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation.
    public let transform: (Upstream.Output) throws -> Output

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are transformed.
    ///   - transform: The transformation.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Subscribes the transforming subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == any Error {
      upstream.subscribe(Inner(downstream: subscriber, transform: transform))
    }
  }
}

extension Publishers.TryMap {
  private final class Inner<Downstream: Subscriber>: OperatorInner<
    Upstream.Output, Upstream.Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == any Error {
    private let transform: (Upstream.Output) throws -> Output

    init(downstream: Downstream, transform: @escaping (Upstream.Output) throws -> Output) {
      self.transform = transform
      super.init(downstream: downstream)
    }

    override var description: String { "TryMap" }

    override func forward(_ input: Upstream.Output) -> Subscribers.Demand {
      do {
        return downstream.receive(try transform(input))
      } catch {
        if terminate() { downstream.receive(completion: .failure(error)) }
        return .none
      }
    }

    override func forward(completion: Subscribers.Completion<Upstream.Failure>) {
      switch completion {
      case .finished: downstream.receive(completion: .finished)
      case .failure(let error): downstream.receive(completion: .failure(error))
      }
    }
  }
}
