extension Publisher where Output: EventConvertible, Failure == Never {
  /// Turns a publisher of events back into the publisher they describe: values pass, a
  /// `.failure` event fails it and a `.finished` event finishes it.
  ///
  /// ```swift
  /// fetch.materialize().dematerialize().sink(
  ///   receiveCompletion: { print($0) }, receiveValue: { show($0) }
  /// ).store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of the events' values, failing with their error.
  @inlinable
  public func dematerialize() -> Publishers.Dematerialize<Self> {
    Publishers.Dematerialize(upstream: self)
  }
}

extension Publishers {
  /// A publisher that turns `Event` values back into values and a completion, as
  /// CombineExt's `dematerialize()` does.
  ///
  /// A `.value` event passes on against the downstream's demand; the first `.failure` or
  /// `.finished` event cancels the upstream and completes the downstream; the upstream's own
  /// completion finishes it. Its subscription is named "Dematerialize" in `print`'s log.
  public struct Dematerialize<Upstream: Publisher>: Publisher
  where Upstream.Output: EventConvertible, Upstream.Failure == Never {
    /// The values the events hold.
    public typealias Output = Upstream.Output.Output
    /// The error the events hold.
    public typealias Failure = Upstream.Output.Failure

    /// The publisher of events.
    public let upstream: Upstream

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publisher of events.
    @inlinable
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes to the upstream, which hands the downstream its subscription.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber))
    }
  }
}

extension Publishers.Dematerialize: Equatable where Upstream: Equatable {}

extension Publishers.Dematerialize {
  private final class Inner<Downstream: Subscriber>: OperatorInner<
    Upstream.Output, Never, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    override var description: String { "Dematerialize" }

    override func forward(_ input: Upstream.Output) -> Subscribers.Demand {
      switch input.event {
      case .value(let value): return downstream.receive(value)
      case .failure(let error):
        if terminate() { downstream.receive(completion: .failure(error)) }
      case .finished:
        if terminate() { downstream.receive(completion: .finished) }
      }
      return .none
    }

    override func forward(completion: Subscribers.Completion<Never>) {
      downstream.receive(completion: .finished)
    }
  }
}
