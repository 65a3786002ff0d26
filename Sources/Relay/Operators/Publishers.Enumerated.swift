extension Publisher {
  /// Publishes each value with its index, counting from `initial`.
  ///
  /// ```swift
  /// answers.enumerated(initial: 1).sink { print("answer \($0.index): \($0.element)") }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter initial: The index of the first value; zero by default.
  /// - Returns: A publisher of `(index, element)` pairs.
  @inlinable
  public func enumerated(initial: Int = 0) -> Publishers.Enumerated<Self> {
    Publishers.Enumerated(upstream: self, initial: initial)
  }
}

extension Publishers {
  /// A publisher of its upstream's values numbered in order, as CombineExt's `enumerated`
  /// does.
  ///
  /// Each subscription counts from `initial`. Its subscription is named "Enumerated" in
  /// `print`'s log.
  public struct Enumerated<Upstream: Publisher>: Publisher {
    /// An upstream value and its index.
    public typealias Output = (index: Int, element: Upstream.Output)
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are numbered.
    public let upstream: Upstream
    /// The index of the first value.
    public let initial: Int

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are numbered.
    ///   - initial: The index of the first value; zero by default.
    @inlinable
    public init(upstream: Upstream, initial: Int = 0) {
      self.upstream = upstream
      self.initial = initial
    }

    /// Subscribes to the upstream, which hands the downstream its subscription.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, initial: initial))
    }
  }
}

extension Publishers.Enumerated: Equatable where Upstream: Equatable {}

extension Publishers.Enumerated {
  private final class Inner<Downstream: Subscriber>: OperatorInner<
    Upstream.Output, Upstream.Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `index` is touched only by the upstream's calls, which are serial.
    private var index: Int

    init(downstream: Downstream, initial: Int) {
      index = initial
      super.init(downstream: downstream)
    }

    override var description: String { "Enumerated" }

    override func forward(_ input: Upstream.Output) -> Subscribers.Demand {
      defer { index += 1 }
      return downstream.receive((index: index, element: input))
    }

    override func forward(completion: Subscribers.Completion<Upstream.Failure>) {
      downstream.receive(completion: completion)
    }
  }
}
