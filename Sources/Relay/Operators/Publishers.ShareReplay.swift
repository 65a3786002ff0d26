extension Publisher {
  /// Shares one upstream subscription among all subscribers and replays the last `count`
  /// values (and the completion, once there is one) to each new subscriber.
  ///
  /// ```swift
  /// let profile = api.profile().share(replay: 1)
  /// profile.sink { show($0) }.store(in: &subscriptions)      // subscribes to the API
  /// profile.sink { cache($0) }.store(in: &subscriptions)     // gets the same value, replayed
  /// ```
  /// - Parameter count: How many of the latest values to keep for new subscribers; zero or
  ///   more.
  /// - Returns: A shared publisher; keep it to share it.
  @inlinable
  public func share(replay count: Int) -> Publishers.ShareReplay<Self> {
    Publishers.ShareReplay(upstream: self, count: count)
  }
}

extension Publishers {
  /// A publisher that shares one upstream subscription and replays the latest values, as
  /// CombineExt's `share(replay:)` (a `ReplaySubject` multicast, autoconnected) does.
  ///
  /// The first subscriber connects: the upstream is subscribed and asked for everything.
  /// Each value goes to every subscriber and into the replay buffer, which keeps the last
  /// `count`; a new subscriber first receives the buffer, then what comes. The upstream's
  /// completion (finished or failed) goes to every subscriber and to every later one after
  /// the buffer; nobody connects again. When the last subscriber cancels before the
  /// completion, the upstream is cancelled; the buffer stays, and the next subscriber
  /// connects afresh. Each subscriber has its own demand: what it has not asked for yet waits
  /// for it, without bound, and a completion drops what still waits, as in CombineExt. Each
  /// subscription is named "ShareReplay" in `print`'s log.
  ///
  /// It is a class: subscribers of the same instance share the connection.
  public final class ShareReplay<Upstream: Publisher>: Publisher, @unchecked Sendable {
    // `state` is the only mutable state, guarded by its lock.
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// One subscriber, as the share sends to it.
    @usableFromInline
    struct Member {
      @usableFromInline let id: Int
      @usableFromInline let send: (Output) -> Void
      @usableFromInline let complete: (Subscribers.Completion<Failure>) -> Void

      @inlinable
      init(
        id: Int, send: @escaping (Output) -> Void,
        complete: @escaping (Subscribers.Completion<Failure>) -> Void
      ) {
        self.id = id
        self.send = send
        self.complete = complete
      }
    }

    @usableFromInline
    struct State {
      @usableFromInline var buffer = DeliveryQueue<Output>()
      @usableFromInline var bufferCount = 0
      @usableFromInline var completion: Subscribers.Completion<Failure>?
      @usableFromInline var members: [Member] = []
      @usableFromInline var nextID = 0
      /// The connection in progress, and its upstream subscription once it arrived.
      @usableFromInline var connection: Connector?
      @usableFromInline var upstream: (any Subscription)?

      @inlinable init() {}
    }

    /// The publisher whose subscription is shared.
    public let upstream: Upstream
    /// How many of the latest values are replayed.
    public let count: Int
    @usableFromInline let state = Lock<State>.make(State())

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose subscription is shared.
    ///   - count: How many of the latest values to replay; zero or more.
    @inlinable
    public init(upstream: Upstream, count: Int) {
      precondition(count >= 0, "share(replay: \(count)): the count cannot be negative")
      self.upstream = upstream
      self.count = count
    }

    /// Hands the subscriber its subscription with the buffer (and the completion) queued,
    /// then connects when nobody is connected.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let member = BufferedSubscription(downstream: subscriber, description: "ShareReplay")
      let (id, completion, connector) = state.withLock { state in
        for value in state.buffer { member.enqueue(value) }
        guard state.completion == nil else { return (-1, state.completion, nil as Connector?) }
        let id = state.nextID
        state.nextID += 1
        state.members.append(
          Member(id: id, send: member.send, complete: { member.send(completion: $0) }))
        guard state.connection == nil else { return (id, nil, nil) }
        let connector = Connector(share: self)
        state.connection = connector
        return (id, nil, connector)
      }
      subscriber.receive(subscription: member)
      if let completion {
        member.send(completion: completion)
      } else {
        member.onEnd { [weak self] in self?.detach(id) }
      }
      member.start()
      if let connector { upstream.subscribe(connector) }
    }

    /// A subscriber left: the last one before the completion disconnects.
    @inlinable
    func detach(_ id: Int) {
      let (removed, upstream) = state.withLock { state -> ([Member], (any Subscription)?) in
        let removed = state.members.filter { $0.id == id }
        state.members.removeAll { $0.id == id }
        guard state.members.isEmpty, state.completion == nil else { return (removed, nil) }
        state.connection = nil
        return (removed, state.upstream.take())
      }
      _ = removed  // released outside the lock
      upstream?.cancel()
    }

    @inlinable
    func connected(_ connector: Connector, to subscription: any Subscription) {
      let accepted = state.withLock { state -> Bool in
        guard state.connection === connector, state.upstream == nil else { return false }
        state.upstream = subscription
        return true
      }
      guard accepted else { return subscription.cancel() }
      subscription.request(.unlimited)
    }

    @inlinable
    func received(_ value: Output, from connector: Connector) {
      let (members, dropped) = state.withLock { state -> ([Member], Output?) in
        guard state.connection === connector else { return ([], nil) }
        state.buffer.append(value)
        guard state.bufferCount == count else {
          state.bufferCount += 1
          return (state.members, nil)
        }
        return (state.members, state.buffer.popFirst())
      }
      _ = dropped  // released outside the lock
      for member in members { member.send(value) }
    }

    @inlinable
    func received(
      _ completion: Subscribers.Completion<Failure>, from connector: Connector
    ) {
      let members = state.withLock { state -> [Member] in
        guard state.connection === connector, state.completion == nil else { return [] }
        state.completion = completion
        state.upstream = nil
        state.connection = nil  // the connection holds the share
        return state.members.take()
      }
      for member in members { member.complete(completion) }
    }

    /// The subscriber one connection attaches to the upstream.
    @usableFromInline
    final class Connector: Subscriber, @unchecked Sendable {
      // Immutable; the share's state says whether this connection is still the current one.
      @usableFromInline let share: ShareReplay

      @inlinable init(share: ShareReplay) { self.share = share }

      @inlinable
      func receive(subscription: any Subscription) { share.connected(self, to: subscription) }

      @inlinable
      func receive(_ input: Output) -> Subscribers.Demand {
        share.received(input, from: self)
        return .none
      }

      @inlinable
      func receive(completion: Subscribers.Completion<Failure>) {
        share.received(completion, from: self)
      }
    }
  }
}
