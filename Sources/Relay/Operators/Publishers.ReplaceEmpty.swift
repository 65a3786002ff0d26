extension Publisher {
  /// Publishes a given value when the upstream finishes without having sent any.
  ///
  /// ```swift
  /// searchResults.replaceEmpty(with: []).sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter output: The value to publish in place of nothing.
  /// - Returns: A publisher of the upstream's values, or of `output` alone.
  @inlinable
  public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
    Publishers.ReplaceEmpty(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher of its upstream's values, or of a given value when the upstream finishes
  /// without any.
  ///
  /// As in Combine, it asks the upstream for everything once its subscriber has its
  /// subscription, and passes the subscriber's requests on too; the value that replaces nothing
  /// waits for the subscriber to ask, and `.finished` follows it. Its subscription is named
  /// "ReplaceEmpty" in `print`'s log.
  public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are published.
    public let upstream: Upstream
    /// The value to publish in place of nothing.
    public let output: Upstream.Output

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are published.
    ///   - output: The value to publish in place of nothing.
    @inlinable
    public init(upstream: Upstream, output: Upstream.Output) {
      self.upstream = upstream
      self.output = output
    }

    /// Subscribes the replacing subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, output: output))
    }
  }
}

extension Publishers.ReplaceEmpty: Equatable
where Upstream: Equatable, Upstream.Output: Equatable {}

extension Publishers.ReplaceEmpty {
  private final class Inner<Downstream: Subscriber>: OperatorInner<Output, Failure, Downstream>,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `ending` is guarded by its lock; `sentValue` is touched only by the upstream's calls,
    // which are serial.
    private enum Ending {
      /// The upstream has not finished empty; whether the downstream asked for anything.
      case open(hasDemand: Bool)
      /// The upstream finished empty before the downstream asked: the replacement waits.
      case waiting
      /// The replacement was sent, or the downstream cancelled.
      case done
    }

    private let output: Output
    private var sentValue = false
    private let ending = Lock<Ending>.make(.open(hasDemand: false))

    init(downstream: Downstream, output: Output) {
      self.output = output
      super.init(downstream: downstream)
    }

    override var description: String { "ReplaceEmpty" }

    /// Everything, once the downstream has the subscription; its own requests pass on too.
    override func upstreamDemand(for demand: Subscribers.Demand, first: Bool)
      -> Subscribers.Demand
    {
      first ? .unlimited : demand
    }

    override func forward(_ input: Output) -> Subscribers.Demand {
      sentValue = true
      return downstream.receive(input)
    }

    override func forward(completion: Subscribers.Completion<Failure>) {
      guard case .finished = completion, !sentValue else {
        return downstream.receive(completion: completion)
      }
      let sends = ending.withLock { ending -> Bool in
        guard case .open(let hasDemand) = ending else { return false }
        ending = hasDemand ? .done : .waiting
        return hasDemand
      }
      if sends { sendReplacement() }
    }

    private func sendReplacement() {
      _ = downstream.receive(output)
      downstream.receive(completion: .finished)
    }

    override func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      let sends = ending.withLock { ending -> Bool in
        switch ending {
        case .open: ending = .open(hasDemand: true)
        case .waiting:
          ending = .done
          return true
        case .done: break
        }
        return false
      }
      if sends { return sendReplacement() }
      super.request(demand)
    }

    override func cancel() {
      ending.withLock { $0 = .done }
      super.cancel()
    }
  }
}
