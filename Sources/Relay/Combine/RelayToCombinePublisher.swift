#if canImport(Combine)
  import Combine

  /// A Combine publisher that delivers a Relay publisher's values and completion.
  ///
  /// Make one with `asCombinePublisher()`, or with `eraseToAnyPublisher()` where Combine's
  /// `AnyPublisher` is expected, to hand a Relay publisher (a `@Diff` property's `$state`, a
  /// relay) to Combine's operators and to APIs that take a Combine publisher:
  ///
  /// ```swift
  /// let names: AnyPublisher<String, Never> = model.$user.map(\.name).eraseToAnyPublisher()
  /// ```
  ///
  /// Each Combine subscriber gets its own subscription to the Relay publisher. The demand the
  /// subscriber asks for is asked of the Relay publisher, the demand each value returns is added
  /// to it, the completion or failure is passed on, and cancelling the Combine subscription
  /// cancels the Relay one: after `cancel()` returns, no call that begins afterwards reaches the
  /// subscriber. A Combine request of `.none` asks for nothing and is not passed on.
  public struct RelayToCombinePublisher<Upstream: Publisher>: Combine.Publisher {
    /// The values: the Relay publisher's.
    public typealias Output = Upstream.Output
    /// The failure: the Relay publisher's.
    public typealias Failure = Upstream.Failure

    /// The Relay publisher this one delivers.
    public let upstream: Upstream

    /// Wraps a Relay publisher.
    ///
    /// - Parameter upstream: The publisher whose events Combine subscribers receive.
    @inlinable
    public init(_ upstream: Upstream) { self.upstream = upstream }

    /// Subscribes a Combine subscriber to the Relay publisher, through a bridge that keeps
    /// demand, completion and cancellation.
    ///
    /// - Parameter subscriber: The Combine subscriber.
    public func receive<S: Combine.Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(RelayToCombineLink(subscriber))
    }
  }

  extension Publisher {
    /// This publisher as a Combine publisher, for Combine's operators and APIs.
    ///
    /// - Returns: A Combine publisher that keeps this one's demand, completion and
    ///   cancellation.
    @inlinable
    public func asCombinePublisher() -> RelayToCombinePublisher<Self> {
      RelayToCombinePublisher(self)
    }

    /// This publisher as Combine's `AnyPublisher`, where a Combine `AnyPublisher` is expected.
    ///
    /// Without a Combine `AnyPublisher` expected, `eraseToAnyPublisher()` keeps giving Relay's,
    /// as on every platform.
    ///
    /// - Returns: Combine's type-erased publisher over `asCombinePublisher()`.
    @_disfavoredOverload
    @inlinable
    public func eraseToAnyPublisher() -> Combine.AnyPublisher<Output, Failure> {
      Combine.AnyPublisher(RelayToCombinePublisher(self))
    }
  }

  extension Combine.AnyPublisher {
    /// Wraps a Relay publisher, such as a `@Diff` property's `$state`, as Combine's
    /// `AnyPublisher`.
    ///
    /// - Parameter publisher: The Relay publisher; see `RelayToCombinePublisher`.
    @inlinable
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
      self.init(RelayToCombinePublisher(publisher))
    }
  }

  /// One Combine subscriber's link to a Relay publisher: a Relay subscriber upstream, a Combine
  /// subscription downstream.
  // `state` is guarded by its lock, the class's only mutable state.
  final class RelayToCombineLink<Downstream: Combine.Subscriber>: Subscriber,
    Combine.Subscription, @unchecked Sendable
  {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private struct State {
      /// Whom to call; `nil` once the link completed or was cancelled.
      var downstream: Downstream?
      /// The Relay subscription, once it came.
      var upstream: (any Subscription)?
    }

    private let state: Lock<State>

    init(_ downstream: Downstream) { state = .make(State(downstream: downstream)) }

    func receive(subscription: any Subscription) {
      let downstream = state.withLock { state -> Downstream? in
        guard state.upstream == nil, let downstream = state.downstream else { return nil }
        state.upstream = subscription
        return downstream
      }
      guard let downstream else { return subscription.cancel() }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      guard let downstream = state.withLock({ $0.downstream }) else { return .none }
      return Subscribers.Demand(downstream.receive(input))
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let downstream = state.withLock { state in
        defer { state = State() }
        return state.downstream
      }
      downstream?.receive(completion: completion.combine)
    }

    func request(_ demand: Combine.Subscribers.Demand) {
      guard demand != .none, let upstream = state.withLock({ $0.upstream }) else { return }
      upstream.request(Subscribers.Demand(demand))
    }

    func cancel() {
      let upstream = state.withLock { state in
        defer { state = State() }
        return state.upstream
      }
      upstream?.cancel()
    }
  }
#endif
