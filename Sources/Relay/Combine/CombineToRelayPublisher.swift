#if canImport(Combine)
  import Combine

  /// A Relay publisher that delivers a Combine publisher's values and completion.
  ///
  /// Make one with `asRelayPublisher()`, or with Relay's `AnyPublisher(_:)`, to use a Combine
  /// publisher (`NotificationCenter`'s, a `@Published` property's, a subject) with Relay's
  /// operators, such as `combineLatest` with a `@Diff` property's `$state`:
  ///
  /// ```swift
  /// let online = NotificationCenter.default.publisher(for: .networkChanged)
  ///   .map { _ in true }.asRelayPublisher()
  /// ```
  ///
  /// Each Relay subscriber gets its own subscription to the Combine publisher. The demand the
  /// subscriber asks for is asked of the Combine publisher, the demand each value returns is
  /// added to it, the completion or failure is passed on, and cancelling the Relay subscription
  /// cancels the Combine one: after `cancel()` returns, no call that begins afterwards reaches
  /// the subscriber, whatever the Combine publisher still sends. The Relay subscription may be
  /// asked and cancelled from any thread; the Combine publisher is called on that thread.
  public struct CombineToRelayPublisher<Upstream: Combine.Publisher>: Publisher {
    /// The values: the Combine publisher's.
    public typealias Output = Upstream.Output
    /// The failure: the Combine publisher's.
    public typealias Failure = Upstream.Failure

    /// The Combine publisher this one delivers.
    public let upstream: Upstream

    /// Wraps a Combine publisher.
    ///
    /// - Parameter upstream: The publisher whose events Relay subscribers receive.
    @inlinable
    public init(_ upstream: Upstream) { self.upstream = upstream }

    /// Subscribes a Relay subscriber to the Combine publisher, through a bridge that keeps
    /// demand, completion and cancellation.
    ///
    /// - Parameter subscriber: The Relay subscriber.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(CombineToRelayLink(subscriber))
    }
  }

  extension Combine.Publisher {
    /// This Combine publisher as a Relay publisher, for Relay's operators and DiffValue's APIs.
    ///
    /// - Returns: A Relay publisher that keeps this one's demand, completion and cancellation.
    @inlinable
    public func asRelayPublisher() -> CombineToRelayPublisher<Self> {
      CombineToRelayPublisher(self)
    }
  }

  extension AnyPublisher {
    /// Wraps a Combine publisher as Relay's `AnyPublisher`.
    ///
    /// - Parameter publisher: The Combine publisher; see `CombineToRelayPublisher`.
    @inlinable
    public init<P: Combine.Publisher>(_ publisher: P)
    where P.Output == Output, P.Failure == Failure {
      self.init(CombineToRelayPublisher(publisher))
    }
  }

  /// One Relay subscriber's link to a Combine publisher: a Combine subscriber upstream, a Relay
  /// subscription downstream.
  // `state` is guarded by its lock, the class's only mutable state; the Combine subscription it
  // holds is called outside the lock, from whichever thread asks or cancels.
  final class CombineToRelayLink<Downstream: Subscriber>: Combine.Subscriber, Subscription,
    @unchecked Sendable
  {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private struct State {
      /// Whom to call; `nil` once the link completed or was cancelled.
      var downstream: Downstream?
      /// The Combine subscription, once it came.
      var upstream: (any Combine.Subscription)?
    }

    private let state: Lock<State>

    init(_ downstream: Downstream) { state = .make(State(downstream: downstream)) }

    func receive(subscription: any Combine.Subscription) {
      let downstream = state.withLock { state -> Downstream? in
        guard state.upstream == nil, let downstream = state.downstream else { return nil }
        state.upstream = subscription
        return downstream
      }
      guard let downstream else { return subscription.cancel() }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Combine.Subscribers.Demand {
      guard let downstream = state.withLock({ $0.downstream }) else { return .none }
      return downstream.receive(input).combine
    }

    func receive(completion: Combine.Subscribers.Completion<Failure>) {
      let downstream = state.withLock { state in
        defer { state = State() }
        return state.downstream
      }
      downstream?.receive(completion: Subscribers.Completion(completion))
    }

    func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      state.withLock({ $0.upstream })?.request(demand.combine)
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
