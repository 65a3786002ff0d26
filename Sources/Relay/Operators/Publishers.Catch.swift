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
      upstream.subscribe(Inner.First(storage: inner))
    }
  }
}

extension Publishers.Catch {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `state` is guarded by its lock. The downstream is called by the upstream's calls, then
    // by the new publisher's, which start only after the upstream ended.

    /// The subscriber attached to the first upstream: it passes its calls to the storage.
    struct First: Subscriber {
      typealias Input = Output
      typealias Failure = Upstream.Failure

      let storage: Inner

      func receive(subscription: any Subscription) { storage.firstReceive(subscription) }

      func receive(_ input: Input) -> Subscribers.Demand { storage.firstReceive(input) }

      func receive(completion: Subscribers.Completion<Failure>) {
        storage.firstReceive(completion)
      }
    }

    struct State {
      var phase = TwoUpstreamPhase.awaitingFirst
      var demand = Subscribers.Demand.none

      /// Ends the operator: returns the phase it was in.
      ///
      /// Nothing is kept for the new publisher: the handler makes it.
      mutating func end() -> TwoUpstreamPhase {
        defer { phase = .terminated }
        return phase
      }
    }

    let downstream: Downstream
    let handler: (Upstream.Failure) -> NewPublisher
    let state = Lock<State>.make(State())

    init(downstream: Downstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.downstream = downstream
      self.handler = handler
    }

    var description: String { "Catch" }

    // MARK: The first upstream

    func firstReceive(_ subscription: any Subscription) {
      let accepted = state.withLock { state in
        guard case .awaitingFirst = state.phase else { return false }
        state.phase = .first(subscription)
        return true
      }
      guard accepted else { return subscription.cancel() }
      downstream.receive(subscription: self)
    }

    /// Passes a first upstream's value that the caller counted against the demand, then
    /// counts what the downstream asks for.
    func forwardCounted(_ input: Output) -> Subscribers.Demand {
      let more = downstream.receive(input)
      if more != .none { state.withLock { $0.demand += more } }
      return more
    }

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

    // MARK: The second upstream, whose types are the downstream's

    /// The second upstream subscribed: asks it for what the downstream is still owed.
    func receive(subscription: any Subscription) {
      let demand = state.withLock { state -> Subscribers.Demand? in
        guard case .awaitingSecond = state.phase else { return nil }
        state.phase = .second(subscription)
        return state.demand
      }
      guard let demand else { return subscription.cancel() }
      if demand != .none { subscription.request(demand) }
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      guard state.withLock({ if case .second = $0.phase { true } else { false } }) else {
        return .none
      }
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let old = state.withLock { $0.end() }
      guard case .second = old else { return }
      downstream.receive(completion: completion)
    }

    // MARK: The downstream

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      let upstream = state.withLock { state -> (any Subscription)? in
        switch state.phase {
        case .first(let upstream):
          state.demand += demand
          return upstream
        case .awaitingFirst, .awaitingSecond:
          state.demand += demand
          return nil
        case .second(let upstream): return upstream
        case .terminated: return nil
        }
      }
      upstream?.request(demand)
    }

    func cancel() {
      let old = state.withLock { $0.end() }
      old.upstream?.cancel()
    }
  }
}
