extension Publisher {
  /// Publishes, for each value of this publisher, the result of a closure applied to it and
  /// the latest value of another publisher, once that other has published one.
  ///
  /// ```swift
  /// saveTaps.withLatestFrom($draft) { _, draft in draft }.sink { store.save($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - other: The publisher whose latest value goes with each of this one's values.
  ///   - resultSelector: Makes the value to publish from a value of this publisher and the
  ///     latest value of `other`.
  /// - Returns: A publisher of the selected values; it completes when this publisher does.
  @inlinable
  public func withLatestFrom<Other: Publisher, Result>(
    _ other: Other, resultSelector: @escaping (Output, Other.Output) -> Result
  ) -> Publishers.WithLatestFrom<Self, Other, Result> {
    Publishers.WithLatestFrom(upstream: self, other: other, resultSelector: resultSelector)
  }

  /// Publishes, for each value of this publisher, the result of a closure applied to it and
  /// the latest values of two other publishers, once both have published.
  ///
  /// ```swift
  /// submitTaps.withLatestFrom($email, $password) { _, credentials in credentials }
  ///   .sink { logIn($0.0, $0.1) }.store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - other: The first publisher whose latest value goes with each of this one's values.
  ///   - other1: The second such publisher.
  ///   - resultSelector: Makes the value to publish from a value of this publisher and the
  ///     latest values of the others.
  /// - Returns: A publisher of the selected values; it completes when this publisher does.
  @inlinable
  public func withLatestFrom<Other: Publisher, Other1: Publisher, Result>(
    _ other: Other, _ other1: Other1,
    resultSelector: @escaping (Output, (Other.Output, Other1.Output)) -> Result
  ) -> Publishers.WithLatestFrom<Self, AnyPublisher<(Other.Output, Other1.Output), Failure>, Result>
  where Other.Failure == Failure, Other1.Failure == Failure {
    Publishers.WithLatestFrom(
      upstream: self, other: other.combineLatest(other1).eraseToAnyPublisher(),
      resultSelector: resultSelector)
  }

  /// Publishes, for each value of this publisher, the result of a closure applied to it and
  /// the latest values of three other publishers, once all three have published.
  ///
  /// ```swift
  /// refresh.withLatestFrom($query, $page, $filter) { _, latest in latest }
  ///   .sink { load($0.0, page: $0.1, filter: $0.2) }.store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - other: The first publisher whose latest value goes with each of this one's values.
  ///   - other1: The second such publisher.
  ///   - other2: The third such publisher.
  ///   - resultSelector: Makes the value to publish from a value of this publisher and the
  ///     latest values of the others.
  /// - Returns: A publisher of the selected values; it completes when this publisher does.
  @inlinable
  public func withLatestFrom<Other: Publisher, Other1: Publisher, Other2: Publisher, Result>(
    _ other: Other, _ other1: Other1, _ other2: Other2,
    resultSelector: @escaping (Output, (Other.Output, Other1.Output, Other2.Output)) -> Result
  )
    -> Publishers.WithLatestFrom<
      Self, AnyPublisher<(Other.Output, Other1.Output, Other2.Output), Failure>, Result
    > where Other.Failure == Failure, Other1.Failure == Failure, Other2.Failure == Failure
  {
    Publishers.WithLatestFrom(
      upstream: self, other: other.combineLatest(other1, other2).eraseToAnyPublisher(),
      resultSelector: resultSelector)
  }

  /// Publishes, for each value of this publisher, the latest value of another publisher,
  /// once that other has published one.
  ///
  /// ```swift
  /// saveTaps.withLatestFrom($draft).sink { store.save($0) }.store(in: &subscriptions)
  /// ```
  /// - Parameter other: The publisher whose latest value is published for each of this one's
  ///   values.
  /// - Returns: A publisher of `other`'s latest values; it completes when this publisher does.
  @inlinable
  public func withLatestFrom<Other: Publisher>(_ other: Other)
    -> Publishers.WithLatestFrom<Self, Other, Other.Output>
  {
    Publishers.WithLatestFrom(upstream: self, other: other) { $1 }
  }

  /// Publishes, for each value of this publisher, the latest values of two other publishers,
  /// once both have published.
  ///
  /// ```swift
  /// submitTaps.withLatestFrom($email, $password).sink { logIn($0.0, $0.1) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - other: The first publisher whose latest value is published.
  ///   - other1: The second such publisher.
  /// - Returns: A publisher of tuples of the others' latest values; it completes when this
  ///   publisher does.
  @inlinable
  public func withLatestFrom<Other: Publisher, Other1: Publisher>(
    _ other: Other, _ other1: Other1
  )
    -> Publishers.WithLatestFrom<
      Self, AnyPublisher<(Other.Output, Other1.Output), Failure>, (Other.Output, Other1.Output)
    > where Other.Failure == Failure, Other1.Failure == Failure
  {
    withLatestFrom(other, other1) { $1 }
  }

  /// Publishes, for each value of this publisher, the latest values of three other
  /// publishers, once all three have published.
  ///
  /// ```swift
  /// refresh.withLatestFrom($query, $page, $filter).sink { load($0.0, page: $0.1, filter: $0.2) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - other: The first publisher whose latest value is published.
  ///   - other1: The second such publisher.
  ///   - other2: The third such publisher.
  /// - Returns: A publisher of tuples of the others' latest values; it completes when this
  ///   publisher does.
  @inlinable
  public func withLatestFrom<Other: Publisher, Other1: Publisher, Other2: Publisher>(
    _ other: Other, _ other1: Other1, _ other2: Other2
  )
    -> Publishers.WithLatestFrom<
      Self, AnyPublisher<(Other.Output, Other1.Output, Other2.Output), Failure>,
      (Other.Output, Other1.Output, Other2.Output)
    > where Other.Failure == Failure, Other1.Failure == Failure, Other2.Failure == Failure
  {
    withLatestFrom(other, other1, other2) { $1 }
  }
}

extension Publishers {
  /// A publisher that pairs each value of its upstream with the latest value of another
  /// publisher, as CombineExt's `withLatestFrom` does.
  ///
  /// The downstream receives its subscription first; then the other publisher is subscribed
  /// and asked for everything, and only its first value subscribes the upstream, passing it
  /// the demand asked for until then: the upstream's values all find a latest value, and each
  /// makes one value against the downstream's demand. The upstream's completion ends the
  /// publisher and cancels the other; the other's completion ends nothing once it has
  /// published (its latest value stays), and when it comes before any value it ends the
  /// publisher, which could never publish (CombineExt waits forever). Its subscription is
  /// named "WithLatestFrom" in `print`'s log.
  ///
  /// The two publishers may send from different threads: the downstream receives values on
  /// the upstream's thread only.
  public struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
  where Upstream.Failure == Other.Failure {
    /// The upstreams' failure.
    public typealias Failure = Upstream.Failure
    /// Makes a value to publish from an upstream value and the other's latest value.
    public typealias ResultSelector = (Upstream.Output, Other.Output) -> Output

    /// The publisher whose values are published, each with the other's latest value.
    public let upstream: Upstream
    /// The publisher whose latest value goes with each upstream value.
    public let other: Other
    /// Makes the value to publish.
    public let resultSelector: ResultSelector

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are published.
    ///   - other: The publisher whose latest value goes with each upstream value.
    ///   - resultSelector: Makes the value to publish.
    @inlinable
    public init(upstream: Upstream, other: Other, resultSelector: @escaping ResultSelector) {
      self.upstream = upstream
      self.other = other
      self.resultSelector = resultSelector
    }

    /// Hands the downstream its subscription, then subscribes to the other publisher; its
    /// first value subscribes the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, upstream: upstream, resultSelector: resultSelector)
      subscriber.receive(subscription: inner)
      other.subscribe(Inner.Latest(inner: inner))
    }
  }
}

extension Publishers.WithLatestFrom {
  private final class Inner<Downstream: Subscriber>: OperatorInner<
    Upstream.Output, Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `other` is guarded by its lock; the upstream's side is the link's.

    /// The subscriber attached to the other publisher.
    struct Latest: Subscriber {
      typealias Input = Other.Output
      typealias Failure = Other.Failure

      let inner: Inner

      func receive(subscription: any Subscription) { inner.otherSubscribed(subscription) }

      func receive(_ input: Other.Output) -> Subscribers.Demand {
        inner.otherSent(input)
        return .none
      }

      func receive(completion: Subscribers.Completion<Other.Failure>) {
        inner.otherCompleted(completion)
      }
    }

    struct OtherState {
      var status = OperatorStatus.awaiting
      var latest: Other.Output?
      /// The upstream, until the other's first value subscribes it or the end drops it.
      var upstream: Upstream?
    }

    private let resultSelector: ResultSelector
    private let other: Lock<OtherState>

    init(downstream: Downstream, upstream: Upstream, resultSelector: @escaping ResultSelector) {
      self.resultSelector = resultSelector
      other = .make(OtherState(upstream: upstream))
      super.init(downstream: downstream)
    }

    override var description: String { "WithLatestFrom" }

    // The downstream already has this subscription.
    override func didSubscribe(_ upstream: any Subscription) {}

    override func forward(_ input: Upstream.Output) -> Subscribers.Demand {
      // The upstream is subscribed only once a latest value exists.
      guard let latest = other.withLock({ $0.latest }) else { return .none }
      return downstream.receive(resultSelector(input, latest))
    }

    override func forward(completion: Subscribers.Completion<Failure>) {
      let ended = other.withLock { state in (state.status.end(), state.latest.take()) }
      ended.0.subscription?.cancel()
      downstream.receive(completion: completion)
    }

    override func cancel() {
      super.cancel()
      let ended = other.withLock { state in
        (state.status.end(), state.latest.take(), state.upstream.take())
      }
      ended.0.subscription?.cancel()
    }

    func otherSubscribed(_ subscription: any Subscription) {
      let accepted = other.withLock { state in
        state.upstream != nil && state.status.accept(subscription)
      }
      guard accepted else { return subscription.cancel() }
      subscription.request(.unlimited)
    }

    func otherSent(_ value: Other.Output) {
      var value: Other.Output? = value
      let upstream = other.withLock { state -> Upstream? in
        guard case .subscribed = state.status else { return nil }
        swap(&state.latest, &value)
        return state.upstream.take()
      }
      _ = value  // the value replaced, released outside the lock
      upstream?.subscribe(self)
    }

    func otherCompleted(_ completion: Subscribers.Completion<Failure>) {
      let (ended, upstream) = other.withLock { state in
        (state.status.end(), state.upstream.take())
      }
      // With a latest value, the publisher goes on; without, it could never publish.
      guard case .subscribed = ended, upstream != nil else { return }
      guard case .awaiting = link.withLock({ $0.status.end() }) else { return }
      downstream.receive(completion: completion)
    }
  }
}
