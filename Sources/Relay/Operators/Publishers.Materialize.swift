extension Publisher {
  /// Publishes every event of this publisher as a value (each value, then its completion),
  /// and never fails.
  ///
  /// ```swift
  /// let events = fetch.materialize().share()
  /// events.values().sink { show($0) }.store(in: &subscriptions)
  /// events.failures().sink { showError($0) }.store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of `Event` values that finishes after the upstream's completion.
  @inlinable
  public func materialize() -> Publishers.Materialize<Self> {
    Publishers.Materialize(upstream: self)
  }
}

extension Publisher where Output: EventConvertible, Failure == Never {
  /// The values held by the events, skipping failures and the completion event: what each
  /// `values()` publishes.
  @usableFromInline
  func valuesOfEvents() -> AnyPublisher<Output.Output, Never> {
    compactMap { element -> Output.Output? in
      guard case .value(let value) = element.event else { return nil }
      return value
    }.eraseToAnyPublisher()
  }

  /// Publishes the errors held by a publisher of events, skipping its values and its
  /// completion event.
  ///
  /// ```swift
  /// fetch.materialize().failures().sink { showError($0) }.store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of the errors the events hold.
  @inlinable
  public func failures() -> AnyPublisher<Output.Failure, Never> {
    compactMap { element -> Output.Failure? in
      guard case .failure(let error) = element.event else { return nil }
      return error
    }.eraseToAnyPublisher()
  }
}

// `values()` is declared on the publishers of events users have, not on every publisher as
// CombineExt does: in one module it would clash with the `values` of `AsyncPublisher`.

extension Publishers.Materialize {
  /// Publishes the values of the upstream, skipping its completion event.
  ///
  /// ```swift
  /// fetch.materialize().values().sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of the values the events hold.
  @inlinable
  public func values() -> AnyPublisher<Upstream.Output, Never> { valuesOfEvents() }
}

extension Publishers.Share where Upstream.Output: EventConvertible, Upstream.Failure == Never {
  /// Publishes the values held by the shared events, skipping failures and the completion
  /// event.
  ///
  /// ```swift
  /// let events = fetch.materialize().share()
  /// events.values().sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of the values the events hold.
  @inlinable
  public func values() -> AnyPublisher<Upstream.Output.Output, Never> { valuesOfEvents() }
}

extension AnyPublisher where Output: EventConvertible, Failure == Never {
  /// Publishes the values held by the events, skipping failures and the completion event.
  ///
  /// ```swift
  /// events.eraseToAnyPublisher().values().sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of the values the events hold.
  @inlinable
  public func values() -> AnyPublisher<Output.Output, Never> { valuesOfEvents() }
}

extension Publishers {
  /// A publisher that turns its upstream's values and completion into `Event` values, as
  /// CombineExt's `materialize()` does.
  ///
  /// Each upstream value becomes a `.value` event against the downstream's demand; the
  /// upstream's completion becomes a `.finished` or `.failure` event, sent when the
  /// downstream has demand for it (at once, or on its next request), followed by
  /// `.finished`. Its subscription is named "Materialize" in `print`'s log.
  public struct Materialize<Upstream: Publisher>: Publisher {
    /// The upstream's events.
    public typealias Output = Event<Upstream.Output, Upstream.Failure>
    /// It never fails: a failure is an event.
    public typealias Failure = Never

    /// The publisher whose events are published.
    public let upstream: Upstream

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publisher whose events are published.
    @inlinable
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes to the upstream, which hands the downstream its subscription.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber))
    }
  }
}

extension Publishers.Materialize: Equatable where Upstream: Equatable {}

extension Publishers.Materialize {
  private final class Inner<Downstream: Subscriber>: OperatorInner<
    Upstream.Output, Upstream.Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Never {
    // `state` is guarded by its lock.
    struct State {
      /// What the downstream asked for and did not receive yet.
      var demand = Subscribers.Demand.none
      /// The completion's event, waiting for demand.
      var waiting: Output?
    }

    private let state = Lock<State>.make(State())

    override var description: String { "Materialize" }

    override func forward(_ input: Upstream.Output) -> Subscribers.Demand {
      state.withLock { if $0.demand > 0 { $0.demand -= 1 } }
      let more = downstream.receive(.value(input))
      if more != .none { state.withLock { $0.demand += more } }
      return more
    }

    override func forward(completion: Subscribers.Completion<Upstream.Failure>) {
      let event: Output =
        switch completion {
        case .finished: .finished
        case .failure(let error): .failure(error)
        }
      let sends = state.withLock { state -> Bool in
        guard state.demand == .none else { return true }
        state.waiting = event
        return false
      }
      if sends { finish(with: event) }
    }

    override func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      let waiting = state.withLock { state -> Output? in
        state.demand += demand
        return state.waiting.take()
      }
      guard let waiting else { return super.request(demand) }
      finish(with: waiting)
    }

    override func cancel() {
      super.cancel()
      _ = state.withLock { $0.waiting.take() }  // released outside the lock
    }

    private func finish(with event: Output) {
      _ = downstream.receive(event)
      downstream.receive(completion: .finished)
    }
  }
}
