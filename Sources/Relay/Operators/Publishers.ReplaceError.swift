extension Publisher {
  /// Replaces a failure with a value, then finishes.
  ///
  /// ```swift
  /// avatarRequest.replaceError(with: placeholder).assign(to: \.image, on: imageView)
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameter output: The value sent instead of the error.
  /// - Returns: A publisher that never fails.
  @inlinable
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that replaces its upstream's failure with a value and `.finished`.
  ///
  /// The replacement waits for demand when the downstream has none, as in Combine.
  public struct ReplaceError<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// It never fails.
    public typealias Failure = Never

    /// The publisher whose failure is replaced.
    public let upstream: Upstream
    /// The value sent instead of the error.
    public let output: Upstream.Output

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose failure is replaced.
    ///   - output: The value sent instead of the error.
    @inlinable
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    /// Subscribes the replacing subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      upstream.subscribe(Inner(downstream: subscriber, output: output))
    }
  }
}

extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Output: Equatable {}

extension Publishers.ReplaceError {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Never {
    // `state` is guarded by its lock; `downstream` is called by the upstream's calls, or by
    // the request that finds the replacement waiting, never both.
    private struct State {
      var status = OperatorStatus.awaiting
      var demand = Subscribers.Demand.none
      /// The upstream failed with no demand: the replacement waits for a request.
      var replacementWaits = false
      var isCancelled = false
    }

    private let downstream: Downstream
    private let output: Output
    private let state = Lock<State>.make(State())

    init(downstream: Downstream, output: Output) {
      self.downstream = downstream
      self.output = output
    }

    var description: String { "ReplaceError" }

    func receive(subscription: any Subscription) {
      guard state.withLock({ $0.status.accept(subscription) }) else {
        return subscription.cancel()
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      let passes = state.withLock { state in
        guard case .subscribed = state.status else { return false }
        state.demand -= 1
        return true
      }
      guard passes else { return .none }
      let more = downstream.receive(input)
      if more != .none { state.withLock { $0.demand += more } }
      return more
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      let (replaces, ended) = state.withLock { state -> (Bool?, OperatorStatus) in
        guard case .subscribed = state.status else { return (nil, .terminated) }
        // The upstream's subscription leaves with `ended`, released outside the lock.
        let ended = state.status.end()
        guard case .failure = completion else { return (false, ended) }
        guard state.demand == .none else { return (true, ended) }
        state.replacementWaits = true
        return (nil, ended)
      }
      _ = ended
      guard let replaces else { return }
      if replaces { sendReplacement() } else { downstream.receive(completion: .finished) }
    }

    private func sendReplacement() {
      _ = downstream.receive(output)
      guard !state.withLock({ $0.isCancelled }) else { return }
      downstream.receive(completion: .finished)
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      let action = state.withLock { state -> (upstream: (any Subscription)?, replaces: Bool) in
        if state.replacementWaits {
          state.replacementWaits = false
          return (nil, true)
        }
        guard let upstream = state.status.subscription else { return (nil, false) }
        state.demand += demand
        return (upstream, false)
      }
      if action.replaces { sendReplacement() }
      action.upstream?.request(demand)
    }

    func cancel() {
      let old = state.withLock { state in
        defer {
          state.status = .terminated
          state.replacementWaits = false
          state.isCancelled = true
        }
        return state.status
      }
      if case .subscribed(let upstream) = old { upstream.cancel() }
    }
  }
}
