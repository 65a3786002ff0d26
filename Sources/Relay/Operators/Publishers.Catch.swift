extension Publisher {
  /// Replaces a failure with another publisher, which the downstream receives from then on.
  ///
  /// ```swift
  /// liveRequest.catch { _ in cachedValues }.sink { show($0) }
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
      upstream.subscribe(Inner.First(inner: inner))
    }
  }
}

extension Publishers.Catch {
  private final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `state` is guarded by its lock. The downstream is called by the upstream's calls, then
    // by the new publisher's, which start only after the upstream ended.
    enum Phase {
      case awaitingFirst
      case first(any Subscription)
      case awaitingSecond
      case second(any Subscription)
      case terminated
    }

    struct State {
      var phase = Phase.awaitingFirst
      var demand = Subscribers.Demand.none
    }

    let downstream: Downstream
    let handler: (Upstream.Failure) -> NewPublisher
    let state = Lock<State>.make(State())

    init(downstream: Downstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.downstream = downstream
      self.handler = handler
    }

    var description: String { "Catch" }

    struct First: Subscriber {
      let inner: Inner
      func receive(subscription: any Subscription) { inner.firstReceive(subscription) }
      func receive(_ input: Output) -> Subscribers.Demand { inner.firstReceive(input) }
      func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        inner.firstReceive(completion)
      }
    }

    struct Second: Subscriber {
      let inner: Inner
      func receive(subscription: any Subscription) { inner.secondReceive(subscription) }
      func receive(_ input: Output) -> Subscribers.Demand { inner.secondReceive(input) }
      func receive(completion: Subscribers.Completion<Failure>) { inner.secondReceive(completion) }
    }

    func firstReceive(_ subscription: any Subscription) {
      let accepted = state.withLock { state in
        guard case .awaitingFirst = state.phase else { return false }
        state.phase = .first(subscription)
        return true
      }
      guard accepted else { return subscription.cancel() }
      downstream.receive(subscription: self)
    }

    func firstReceive(_ input: Output) -> Subscribers.Demand {
      let passes = state.withLock { state in
        guard case .first = state.phase else { return false }
        state.demand -= 1
        return true
      }
      guard passes else { return .none }
      let more = downstream.receive(input)
      if more != .none { state.withLock { $0.demand += more } }
      return more
    }

    func firstReceive(_ completion: Subscribers.Completion<Upstream.Failure>) {
      let old = state.withLock { state -> Phase in
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
      case .failure(let error): handler(error).subscribe(Second(inner: self))
      }
    }

    func secondReceive(_ subscription: any Subscription) {
      let demand = state.withLock { state -> Subscribers.Demand? in
        guard case .awaitingSecond = state.phase else { return nil }
        state.phase = .second(subscription)
        return state.demand
      }
      guard let demand else { return subscription.cancel() }
      if demand != .none { subscription.request(demand) }
    }

    func secondReceive(_ input: Output) -> Subscribers.Demand {
      guard state.withLock({ if case .second = $0.phase { true } else { false } }) else {
        return .none
      }
      return downstream.receive(input)
    }

    func secondReceive(_ completion: Subscribers.Completion<Failure>) {
      let old = state.withLock { state in
        defer { state.phase = .terminated }
        return state.phase
      }
      guard case .second = old else { return }
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      let upstream = state.withLock { state -> (any Subscription)? in
        switch state.phase {
        case .first(let upstream):
          state.demand += demand
          return upstream
        case .awaitingSecond:
          state.demand += demand
          return nil
        case .second(let upstream): return upstream
        case .awaitingFirst, .terminated: return nil
        }
      }
      upstream?.request(demand)
    }

    func cancel() {
      let old = state.withLock { state in
        defer { state.phase = .terminated }
        return state.phase
      }
      switch old {
      case .first(let upstream), .second(let upstream): upstream.cancel()
      case .awaitingFirst, .awaitingSecond, .terminated: break
      }
    }
  }
}
