extension Publisher {
  /// Transforms each value with a closure that may throw and publishes the results that are not
  /// `nil`; a thrown error ends the publisher.
  ///
  /// ```swift
  /// rows.tryCompactMap { try $0.isEmpty ? nil : Record(parsing: $0) }
  /// ```
  /// - Parameter transform: Turns a value into a result, `nil` to drop it, or throws.
  /// - Returns: A publisher of the non-`nil` results that fails with the error thrown or the
  ///   upstream's error.
  @inlinable
  public func tryCompactMap<Result>(_ transform: @escaping (Output) throws -> Result?)
    -> Publishers.TryCompactMap<Self, Result>
  {
    Publishers.TryCompactMap(upstream: self, transform: transform)
  }
}

extension Publishers {
  /// A publisher of the non-`nil` results of transforming each upstream value with a closure
  /// that may throw.
  ///
  /// A dropped value asks the upstream for one more; a thrown error cancels the upstream and
  /// fails the downstream with it. Its subscription is named "TryCompactMap" in `print`'s log,
  /// as in Combine.
  public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
    /// Any error: the upstream's or the one thrown.
    public typealias Failure = any Error

    /// The publisher whose values are transformed.
    public let upstream: Upstream
    /// The transformation; `nil` drops the value.
    public let transform: (Upstream.Output) throws -> Output?

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are transformed.
    ///   - transform: The transformation; `nil` drops the value.
    @inlinable
    public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    /// Subscribes the transforming subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        CompactingInner(downstream: subscriber, name: "TryCompactMap", transform: transform))
    }
  }
}

/// The subscription of a `tryCompactMap` or a `tryFilter`: a value is published, or dropped
/// (asking the upstream for one more), or ends the publisher with the error thrown.
final class CompactingInner<Input, Failure: Error, Downstream: Subscriber>: ThrowingInner<
  Input, Failure, Downstream
>, @unchecked Sendable
where Downstream.Failure == any Error {
  private let transform: (Input) throws -> Downstream.Input?
  private let name: String

  init(
    downstream: Downstream, name: String, transform: @escaping (Input) throws -> Downstream.Input?
  ) {
    self.transform = transform
    self.name = name
    super.init(downstream: downstream, upstreamFailure: { $0 })
  }

  override var description: String { name }

  override func forward(_ input: Input) -> Subscribers.Demand {
    do {
      guard let output = try transform(input) else { return .max(1) }
      return downstream.receive(output)
    } catch {
      return end(with: .failure(error))
    }
  }
}
