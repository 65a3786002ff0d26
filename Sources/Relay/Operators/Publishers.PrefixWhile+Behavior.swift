extension Publisher {
  /// Publishes values while they satisfy a predicate, then finishes at the first that does
  /// not, publishing that one too when `behavior` is `.inclusive`.
  ///
  /// ```swift
  /// uploadProgress.prefix(while: { $0 < 1 }, behavior: .inclusive).sink { show($0) }
  ///   .store(in: &subscriptions)  // ..., 0.9, 1.0, then finished
  /// ```
  /// - Parameters:
  ///   - predicate: Whether to publish a value and go on.
  ///   - behavior: Whether the first value that fails the predicate is published;
  ///     `.exclusive` by default, as `prefix(while:)`.
  /// - Returns: A publisher of the values before the first that fails the predicate (and
  ///   that one, when inclusive).
  @inlinable
  public func prefix(
    while predicate: @escaping (Output) -> Bool, behavior: PrefixWhileBehavior = .exclusive
  ) -> AnyPublisher<Output, Failure> {
    switch behavior {
    case .exclusive: prefix(while: predicate).eraseToAnyPublisher()
    case .inclusive:
      InclusivePrefixWhile(upstream: self, predicate: predicate).eraseToAnyPublisher()
    }
  }
}

/// The publisher of `prefix(while:behavior: .inclusive)`.
///
/// The first value that fails the predicate is published, then the upstream is cancelled and
/// the publisher finishes. Its subscription is named "PrefixWhile" in `print`'s log.
@usableFromInline
struct InclusivePrefixWhile<Upstream: Publisher>: Publisher {
  @usableFromInline typealias Output = Upstream.Output
  @usableFromInline typealias Failure = Upstream.Failure

  let upstream: Upstream
  let predicate: (Output) -> Bool

  @usableFromInline
  init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
    self.upstream = upstream
    self.predicate = predicate
  }

  @usableFromInline
  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    upstream.subscribe(Inner(downstream: subscriber, predicate: predicate))
  }

  private final class Inner<Downstream: Subscriber>: OperatorInner<Output, Failure, Downstream>,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    private let predicate: (Output) -> Bool

    init(downstream: Downstream, predicate: @escaping (Output) -> Bool) {
      self.predicate = predicate
      super.init(downstream: downstream)
    }

    override var description: String { "PrefixWhile" }

    override func forward(_ input: Output) -> Subscribers.Demand {
      guard !predicate(input) else { return downstream.receive(input) }
      guard terminate() else { return .none }
      _ = downstream.receive(input)
      downstream.receive(completion: .finished)
      return .none
    }

    override func forward(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }
  }
}
