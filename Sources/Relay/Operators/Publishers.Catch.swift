extension Publisher {
  /// Replaces a failure with another publisher, which the downstream receives from then on.
  ///
  /// ```swift
  /// liveRequest.catch { _ in cachedValues }.sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter handler: Makes the publisher to continue with from the upstream's error.
  /// - Returns: A publisher of the upstream's values, then, after a failure, of the new
  ///   publisher's values.
  public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P)
    -> Publishers.Catch<
      Self, P
    > where P.Output == Output
  {
    Publishers.Catch(upstream: self, handler: handler)
  }
}

extension Publishers {
  /// A publisher that continues with another publisher when its upstream fails.
  ///
  /// Demand the downstream asked for and did not receive carries over to the new publisher.
  public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The new publisher's failure.
    public typealias Failure = NewPublisher.Failure

    /// The publisher whose failure is caught.
    public let upstream: Upstream
    /// Makes the publisher to continue with.
    public let handler: (Upstream.Failure) -> NewPublisher

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose failure is caught.
    ///   - handler: Makes the publisher to continue with from the error.
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Subscribes to the upstream, ready to switch on its failure.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, handler: handler)
      upstream.subscribe(FirstUpstreamSubscriber(storage: inner))
    }
  }
}

extension Publishers.Catch {
  private final class Inner<Downstream: Subscriber>: TwoUpstreamStorage, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `state` is guarded by its lock. The downstream is called by the upstream's calls, then
    // by the new publisher's, which start only after the upstream ended.
    typealias FirstFailure = Upstream.Failure

    struct State: TwoUpstreamState {
      var phase = TwoUpstreamPhase.awaitingFirst
      var demand = Subscribers.Demand.none

      /// Nothing is kept for the new publisher: the handler makes it.
      mutating func takeKept() {}
    }

    let downstream: Downstream
    let handler: (Upstream.Failure) -> NewPublisher
    let state = Lock<State>.make(State())

    init(downstream: Downstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.downstream = downstream
      self.handler = handler
    }

    var description: String { "Catch" }

    func firstReceive(_ input: Output) -> Subscribers.Demand {
      let passes = state.withLock { state in
        guard case .first = state.phase else { return false }
        state.demand -= 1
        return true
      }
      return passes ? forwardCounted(input) : .none
    }

    func firstReceive(_ completion: Subscribers.Completion<Upstream.Failure>) {
      let old = state.withLock { state -> TwoUpstreamPhase in
        let old = state.phase
        guard case .first = old else { return old }
        if case .failure = completion {
          state.phase = .awaitingSecond
        } else {
          state.phase = .terminated
        }
        return old
      }
      guard case .first = old else { return }
      switch completion {
      case .finished: downstream.receive(completion: .finished)
      case .failure(let error): handler(error).subscribe(self)
      }
    }
  }
}
