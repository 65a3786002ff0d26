extension Publisher {
  /// Publishes the events of whichever of this publisher and another sends first, and
  /// cancels the other.
  ///
  /// ```swift
  /// primaryServer.fetch().amb(mirror.fetch()).sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter other: The publisher this one races.
  /// - Returns: A publisher that mirrors the first of the two to send a value or complete.
  @inlinable
  public func amb<Other: Publisher>(_ other: Other) -> Publishers.Amb<Self, Other>
  where Other.Output == Output, Other.Failure == Failure {
    Publishers.Amb(first: self, second: other)
  }

  /// Publishes the events of whichever of this publisher and the others sends first, and
  /// cancels the rest.
  ///
  /// ```swift
  /// local.amb(with: cache, network).sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter others: The publishers this one races.
  /// - Returns: A publisher that mirrors the first to send a value or complete.
  @inlinable
  public func amb<Other: Publisher>(with others: Other...) -> AnyPublisher<Output, Failure>
  where Other.Output == Output, Other.Failure == Failure {
    amb(with: others)
  }

  /// Publishes the events of whichever of this publisher and a collection of others sends
  /// first, and cancels the rest.
  ///
  /// ```swift
  /// primary.amb(with: mirrors).sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter others: The publishers this one races.
  /// - Returns: A publisher that mirrors the first to send a value or complete.
  @inlinable
  public func amb<Others: Collection>(with others: Others) -> AnyPublisher<Output, Failure>
  where
    Others.Element: Publisher, Others.Element.Output == Output, Others.Element.Failure == Failure
  {
    others.reduce(eraseToAnyPublisher()) { $0.amb($1).eraseToAnyPublisher() }
  }
}

extension Collection where Element: Publisher {
  /// Publishes the events of whichever publisher of the collection sends first, and cancels
  /// the rest.
  ///
  /// ```swift
  /// mirrors.map { $0.fetch() }.amb().sink { show($0) }.store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher that mirrors the first to send a value or complete; an empty
  ///   collection finishes at once.
  @inlinable
  public func amb() -> AnyPublisher<Element.Output, Element.Failure> {
    guard let first else { return Empty().eraseToAnyPublisher() }
    return first.amb(with: dropFirst())
  }
}

extension Publishers {
  /// A publisher that mirrors whichever of two publishers sends an event first, as
  /// CombineExt's `amb` does.
  ///
  /// Both upstreams are subscribed, then the downstream receives its subscription. Each
  /// upstream is asked for one value; the first value or completion, from either, makes that
  /// upstream the winner and cancels the other, whose later events are dropped. The winner
  /// is then asked for what the downstream asked for until then, and later for each request.
  /// Values wait for the downstream's demand; a completion drops those still waiting, as in
  /// CombineExt. Its subscription is named "Amb" in `print`'s log.
  public struct Amb<First: Publisher, Second: Publisher>: Publisher
  where First.Output == Second.Output, First.Failure == Second.Failure {
    /// The upstreams' values.
    public typealias Output = First.Output
    /// The upstreams' failure.
    public typealias Failure = First.Failure

    /// The first publisher of the race.
    public let first: First
    /// The second publisher of the race.
    public let second: Second

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - first: The first publisher of the race.
    ///   - second: The second publisher of the race.
    @inlinable
    public init(first: First, second: Second) {
      self.first = first
      self.second = second
    }

    /// Subscribes to both upstreams, then hands the downstream its subscription.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let race = Race(downstream: subscriber)
      first.subscribe(Race.Runner(race: race, index: 0))
      second.subscribe(Race.Runner(race: race, index: 1))
      subscriber.receive(subscription: race.subscription)
      race.subscription.start()
    }
  }
}

extension Publishers.Amb {
  private final class Race<Downstream: Subscriber>: @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `state` is guarded by its lock; `subscription` delivers to the downstream.
    struct State {
      var upstreams: [(any Subscription)?] = [nil, nil]
      var winner: Int?
      /// What the downstream asked for before there was a winner.
      var pending = Subscribers.Demand.none
      var isCancelled = false
    }

    /// The subscriber attached to upstream `index`.
    struct Runner: Subscriber {
      typealias Input = Output
      typealias Failure = Publishers.Amb<First, Second>.Failure

      let race: Race
      let index: Int

      func receive(subscription: any Subscription) { race.subscribed(subscription, at: index) }

      func receive(_ input: Input) -> Subscribers.Demand {
        race.received(.value(input), from: index)
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        race.received(.completion(completion), from: index)
      }
    }

    let state: Lock<State>
    let subscription: BufferedSubscription<Downstream>

    init(downstream: Downstream) {
      let state = Lock<State>.make(State())
      self.state = state
      subscription = BufferedSubscription(downstream: downstream, description: "Amb") { demand in
        let winner = state.withLock { state -> (any Subscription)? in
          guard let winner = state.winner else {
            state.pending += demand
            return nil
          }
          return state.upstreams[winner]
        }
        winner?.request(demand)
      }
      subscription.onEnd {
        let upstreams = state.withLock { state in
          state.isCancelled = true
          return [state.upstreams[0].take(), state.upstreams[1].take()]
        }
        for upstream in upstreams { upstream?.cancel() }
      }
    }

    func subscribed(_ subscription: any Subscription, at index: Int) {
      let accepted = state.withLock { state -> Bool in
        guard !state.isCancelled, state.winner == nil, state.upstreams[index] == nil else {
          return false
        }
        state.upstreams[index] = subscription
        return true
      }
      guard accepted else { return subscription.cancel() }
      subscription.request(.max(1))
    }

    /// What a winning event leads to: the loser to cancel, the winner to ask for what was
    /// asked for before the race was decided.
    typealias Outcome = (
      loser: (any Subscription)?, winner: (any Subscription)?, pending: Subscribers.Demand
    )

    func received(_ event: DownstreamEvent<Output, Failure>, from index: Int) {
      let outcome = state.withLock { state -> Outcome? in
        guard !state.isCancelled else { return nil }
        var outcome: Outcome = (nil, nil, .none)
        if state.winner == nil {
          state.winner = index
          outcome = (state.upstreams[1 - index].take(), state.upstreams[index], state.pending)
          state.pending = .none
        }
        guard state.winner == index else { return nil }
        if case .completion = event { state.upstreams[index] = nil }
        return outcome
      }
      guard let outcome else { return }
      outcome.loser?.cancel()
      switch event {
      case .value(let value): subscription.send(value)
      case .completion(let completion): subscription.send(completion: completion)
      }
      if case .value = event, outcome.pending != .none {
        outcome.winner?.request(outcome.pending)
      }
    }
  }
}
