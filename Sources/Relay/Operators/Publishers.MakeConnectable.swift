extension Publisher where Failure == Never {
  /// Wraps this publisher in one that subscribes to it only when you call `connect()`.
  ///
  /// Subscribers can join before the values start: attach every one of them, then connect.
  ///
  /// ```swift
  /// let ticks = relay.makeConnectable()
  /// ticks.sink { log($0) }.store(in: &subscriptions)
  /// ticks.sink { draw($0) }.store(in: &subscriptions)
  /// let connection = ticks.connect()   // now both receive every value
  /// ```
  /// - Returns: A connectable publisher sharing each connection among its subscribers.
  @inlinable
  public func makeConnectable() -> Publishers.MakeConnectable<Self> {
    Publishers.MakeConnectable(upstream: self)
  }
}

extension Publishers {
  /// A publisher that shares its upstream among its subscribers once `connect()` is called.
  ///
  /// Each `connect()` subscribes to the upstream, asking for every value, and returns what
  /// cancels that subscription; calling it twice without cancelling subscribes twice, as in
  /// Combine. A value reaches the subscribers that have demand for it, in the order they
  /// subscribed, on the upstream's thread, with no lock held; a subscriber without demand misses
  /// it. The first completion reaches every subscriber, and a later subscriber receives it at
  /// once. Each subscription is named "Multicast" in `print`'s log, as in Combine. Copies share
  /// their subscribers and connections.
  public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    @usableFromInline let hub: Hub

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publisher each connection subscribes to.
    @inlinable
    public init(upstream: Upstream) { hub = Hub(upstream: upstream) }

    /// Adds the subscriber; it receives values once a connection brings them.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      hub.receive(subscriber: subscriber)
    }

    /// Subscribes to the upstream; values flow to the subscribers until the returned value is
    /// cancelled or the upstream completes.
    ///
    /// - Returns: What cancels this connection's subscription to the upstream.
    public func connect() -> any Cancellable { hub.connect() }
  }
}

extension Publishers.MakeConnectable {
  /// The subscribers and the completion, shared by every copy of the publisher.
  @usableFromInline
  final class Hub: @unchecked Sendable {
    // `state` is the only mutable state, guarded by its lock; members and upstreams are called
    // with no lock held.
    typealias Member = ShareMember<Output, Failure>

    struct State {
      var members: [Member] = []
      var completion: Subscribers.Completion<Failure>?
    }

    let upstream: Upstream
    let state = Lock<State>.make(State())

    @usableFromInline
    init(upstream: Upstream) { self.upstream = upstream }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let member = Publishers.Share<Upstream>.Member(downstream: subscriber) { [weak self] in
        self?.leave($0)
      }
      subscriber.receive(subscription: member)
      let completion = state.withLock { state -> Subscribers.Completion<Failure>? in
        if let completion = state.completion { return completion }
        if !member.hasLeft { state.members.append(member) }
        return nil
      }
      if let completion { member.deliver(completion) }
    }

    func leave(_ member: Member) {
      let removed = state.withLock { state -> Member? in
        guard let index = state.members.firstIndex(where: { $0 === member }) else { return nil }
        return state.members.remove(at: index)
      }
      _ = removed  // released outside the lock
    }

    func connect() -> any Cancellable {
      let connection = Connection(hub: self)
      upstream.subscribe(connection)
      return AnyCancellable(connection.cancel)
    }

    /// A value from a connection: every member, in order.
    func received(_ value: Output) {
      let members = state.withLock { $0.completion == nil ? $0.members : [] }
      for member in members { member.deliver(value) }
    }

    /// A completion from a connection: the first one ends the hub.
    func received(_ completion: Subscribers.Completion<Failure>) {
      let members = state.withLock { state -> [Member] in
        guard state.completion == nil else { return [] }
        state.completion = completion
        return state.members.take()
      }
      for member in members { member.deliver(completion) }
    }
  }

  /// One `connect()`'s subscriber to the upstream.
  private final class Connection: Subscriber, @unchecked Sendable {
    // `status` is guarded by its lock; the hub and the upstream are called with no lock held.
    let hub: Hub
    let status = Lock<SubscriberStatus>.make(.awaiting)

    init(hub: Hub) { self.hub = hub }

    func receive(subscription: any Subscription) {
      guard status.withLock({ $0.accept(subscription) }) else { return subscription.cancel() }
      subscription.request(.unlimited)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      if status.withLock({ $0.subscription != nil }) { hub.received(input) }
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      guard status.withLock({ $0.end() }).subscription != nil else { return }
      hub.received(completion)
    }

    func cancel() { status.withLock { $0.end() }.subscription?.cancel() }
  }
}
