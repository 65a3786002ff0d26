extension Publisher {
  /// Replaces a failure with another publisher, which the downstream receives from then on.
  ///
  /// ```swift
  /// liveRequest.catch { _ in cachedValues }.sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter handler: Makes the publisher to continue with from the upstream's error.
  /// - Returns: A publisher of the upstream's values, then, after a failure, of the new
  ///   publisher's values.
  @inlinable
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
    @inlinable
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    /// Subscribes to the upstream, ready to switch on its failure.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let handler = self.handler
      let inner = CatchInner<Upstream, NewPublisher, S>(
        downstream: subscriber, name: "Catch", handler: { handler($0) }, newFailure: { $0 })
      upstream.subscribe(inner.first)
    }
  }
}

/// The subscription of a `catch` or a `tryCatch`: the downstream receives the upstream's values,
/// then, after its failure, the values of the publisher the handler makes from the error (or
/// the error the handler throws, for `tryCatch`).
///
/// The downstream's failure is the new publisher's, for `catch`, whose handler throws nothing,
/// or `any Error` for `tryCatch`: the handler's type is `throws(Downstream.Failure)`, and
/// `newFailure` turns the new publisher's failure into the downstream's.
final class CatchInner<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>:
  Subscription, CustomStringConvertible, @unchecked Sendable
where
  Upstream.Output == NewPublisher.Output, Downstream.Input == Upstream.Output
{
  // `state` is guarded by its lock. The downstream is called by the upstream's calls, then by
  // the new publisher's, which start only after the upstream ended.
  typealias Output = Upstream.Output

  /// The subscriber attached to the upstream.
  struct First: Subscriber {
    let storage: CatchInner

    func receive(subscription: any Subscription) { storage.firstReceive(subscription) }

    func receive(_ input: Output) -> Subscribers.Demand { storage.firstReceive(input) }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      storage.firstReceive(completion)
    }
  }

  /// The subscriber attached to the new publisher.
  struct Second: Subscriber {
    let storage: CatchInner

    func receive(subscription: any Subscription) { storage.secondReceive(subscription) }

    func receive(_ input: Output) -> Subscribers.Demand { storage.secondReceive(input) }

    func receive(completion: Subscribers.Completion<NewPublisher.Failure>) {
      storage.secondReceive(completion)
    }
  }

  struct State {
    var phase = TwoUpstreamPhase.awaitingFirst
    var demand = Subscribers.Demand.none

    mutating func end() -> TwoUpstreamPhase {
      defer { phase = .terminated }
      return phase
    }
  }

  let downstream: Downstream
  let handler: (Upstream.Failure) throws(Downstream.Failure) -> NewPublisher
  let newFailure: (NewPublisher.Failure) -> Downstream.Failure
  let description: String
  let state = Lock<State>.make(State())

  init(
    downstream: Downstream, name: String,
    handler: @escaping (Upstream.Failure) throws(Downstream.Failure) -> NewPublisher,
    newFailure: @escaping (NewPublisher.Failure) -> Downstream.Failure
  ) {
    self.downstream = downstream
    self.handler = handler
    self.newFailure = newFailure
    description = name
  }

  /// The subscriber to attach to the upstream.
  var first: First { First(storage: self) }

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
    case .failure(let error):
      let next: NewPublisher
      do throws(Downstream.Failure) {
        next = try handler(error)
      } catch {
        guard case .awaitingSecond = state.withLock({ $0.end() }) else { return }
        return downstream.receive(completion: .failure(error))
      }
      next.subscribe(Second(storage: self))
    }
  }

  // MARK: The new publisher

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

  func secondReceive(_ completion: Subscribers.Completion<NewPublisher.Failure>) {
    let old = state.withLock { $0.end() }
    guard case .second = old else { return }
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let error): downstream.receive(completion: .failure(newFailure(error)))
    }
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
