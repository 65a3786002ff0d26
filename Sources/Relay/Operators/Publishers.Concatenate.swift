extension Publisher {
  /// Publishes the given values, then this publisher's.
  ///
  /// ```swift
  /// $query.dropFirst().prepend("").sink { search($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter elements: The values to publish first.
  /// - Returns: A publisher of `elements` followed by this publisher's values.
  @inlinable
  public func prepend(_ elements: Output...)
    -> Publishers.Concatenate<
      Publishers.Sequence<[Output], Failure>, Self
    >
  {
    prepend(elements)
  }

  /// Publishes a sequence's elements, then this publisher's values.
  ///
  /// - Parameter elements: The values to publish first.
  /// - Returns: A publisher of `elements` followed by this publisher's values.
  @inlinable
  public func prepend<S: Sequence>(_ elements: S)
    -> Publishers.Concatenate<
      Publishers.Sequence<S, Failure>, Self
    > where S.Element == Output
  {
    prepend(Publishers.Sequence(sequence: elements))
  }

  /// Publishes another publisher's values until it finishes, then this publisher's.
  ///
  /// - Parameter publisher: The publisher to publish first; this one is subscribed when it
  ///   finishes.
  /// - Returns: A publisher of both, one after the other.
  @inlinable
  public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Concatenate(prefix: publisher, suffix: self)
  }

  /// Publishes this publisher's values, then the given values once it finishes.
  ///
  /// - Parameter elements: The values to publish last.
  /// - Returns: A publisher of this publisher's values followed by `elements`.
  @inlinable
  public func append(_ elements: Output...)
    -> Publishers.Concatenate<
      Self, Publishers.Sequence<[Output], Failure>
    >
  {
    append(elements)
  }

  /// Publishes this publisher's values, then a sequence's elements once it finishes.
  ///
  /// - Parameter elements: The values to publish last.
  /// - Returns: A publisher of this publisher's values followed by `elements`.
  @inlinable
  public func append<S: Sequence>(_ elements: S)
    -> Publishers.Concatenate<
      Self, Publishers.Sequence<S, Failure>
    > where S.Element == Output
  {
    append(Publishers.Sequence(sequence: elements))
  }

  /// Publishes this publisher's values, then another publisher's once this one finishes.
  ///
  /// - Parameter publisher: The publisher to subscribe when this one finishes.
  /// - Returns: A publisher of both, one after the other.
  @inlinable
  public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
  where P.Output == Output, P.Failure == Failure {
    Publishers.Concatenate(prefix: self, suffix: publisher)
  }
}

extension Publishers {
  /// A publisher of one publisher's values and then, when it finishes, another's.
  ///
  /// The suffix is subscribed only when the prefix finishes; demand the downstream asked for
  /// and did not receive carries over to it. A failure of the prefix ends everything.
  public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
  where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
    /// The values of both.
    public typealias Output = Suffix.Output
    /// The failure of both.
    public typealias Failure = Suffix.Failure

    /// The publisher whose values come first.
    public let prefix: Prefix
    /// The publisher subscribed when the prefix finishes.
    public let suffix: Suffix

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - prefix: The publisher whose values come first.
    ///   - suffix: The publisher subscribed when the prefix finishes.
    @inlinable
    public init(prefix: Prefix, suffix: Suffix) {
      self.prefix = prefix
      self.suffix = suffix
    }

    /// Subscribes to the prefix, ready to continue with the suffix.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      prefix.subscribe(Inner.First(storage: Inner(downstream: subscriber, suffix: suffix)))
    }
  }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

extension Publishers.Concatenate {
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `state` is guarded by its lock. The downstream is called by the prefix's calls, then by
    // the suffix's, which start only after the prefix ended.

    /// The subscriber attached to the first upstream: it passes its calls to the storage.
    struct First: Subscriber {
      typealias Input = Output
      typealias Failure = Prefix.Failure

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
      var suffix: Suffix?

      /// Ends the operator: returns the phase it was in and what it kept.
      mutating func end() -> (phase: TwoUpstreamPhase, kept: Suffix?) {
        defer { phase = .terminated }
        return (phase, suffix.take())
      }
    }

    let downstream: Downstream
    let state: Lock<State>

    init(downstream: Downstream, suffix: Suffix) {
      self.downstream = downstream
      state = .make(State(suffix: suffix))
    }

    var description: String { "Concatenate" }

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
        guard case .first = state.phase, state.demand > 0 else { return false }
        state.demand -= 1
        return true
      }
      return passes ? forwardCounted(input) : .none
    }

    func firstReceive(_ completion: Subscribers.Completion<Failure>) {
      let (old, suffix) = state.withLock { state -> (TwoUpstreamPhase, Suffix?) in
        let old = state.phase
        guard case .first = old else { return (old, nil) }
        if case .failure = completion {
          state.phase = .terminated
          return (old, state.suffix.take())
        }
        state.phase = .awaitingSecond
        return (old, state.suffix)
      }
      guard case .first = old else { return }
      switch completion {
      case .finished: suffix?.subscribe(self)
      case .failure: downstream.receive(completion: completion)
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
      let (old, kept) = state.withLock { $0.end() }
      _ = kept  // released outside the lock
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
      let (old, kept) = state.withLock { $0.end() }
      _ = kept  // released outside the lock
      old.upstream?.cancel()
    }
  }
}
