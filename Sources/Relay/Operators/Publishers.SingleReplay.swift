extension Publisher where Failure == Never {
  /// Shares one upstream subscription among all subscribers and replays the latest value to
  /// each new one.
  ///
  /// The first subscriber connects to the upstream; later ones join that connection and first
  /// receive the latest value, if there is one. When the last subscriber cancels, the upstream
  /// is cancelled, and the next subscriber connects afresh. Cancelling never sends a
  /// completion; when the upstream finishes, every subscriber receives `.finished` and the
  /// next subscriber connects afresh.
  ///
  /// ```swift
  /// let shared = $state.print("State").singleReplay()
  /// shared.sink { _ in }.store(in: &subscriptions)   // connects: print logs once
  /// shared.sink { _ in }.store(in: &subscriptions)   // receives the latest value at once
  /// ```
  /// - Returns: A shared publisher; keep it to share it.
  @inlinable
  public func singleReplay() -> Publishers.SingleReplay<Self> {
    Publishers.SingleReplay(upstream: self)
  }
}

extension Publishers {
  /// A publisher that shares one upstream subscription and replays the latest value.
  ///
  /// It is a class: subscribers of the same instance share the connection.
  public final class SingleReplay<Upstream: Publisher>: Publisher, @unchecked Sendable
  where Upstream.Failure == Never {
    // `connection` is the only mutable state, guarded by its lock.
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// Never fails: the upstream never fails.
    public typealias Failure = Never

    /// The publisher whose subscription is shared.
    public let upstream: Upstream
    @usableFromInline let connection = Lock<Connection?>.make(nil)

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publisher whose subscription is shared.
    @inlinable
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Joins the connection, connecting to the upstream when it is the first subscriber.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      let (connection, connects) = self.connection.withLock { current in
        if let connection = current {
          connection.subscriberCount += 1
          return (connection, false)
        }
        let connection = Connection()
        connection.subscriberCount = 1
        current = connection
        return (connection, true)
      }
      connection.storage.attach(
        Member(downstream: subscriber, replay: self, connection: connection))
      if connects { upstream.subscribe(Connector(replay: self, connection: connection)) }
    }

    /// One connection to the upstream and the relay that multicasts it.
    @usableFromInline
    final class Connection: @unchecked Sendable {
      // `subscriberCount` and `upstream` are guarded by the replay's `connection` lock.
      @usableFromInline let storage = RelayStorage<Output>.make(
        current: nil, keepsCurrentValue: true, subscriptionName: .singleReplay)
      @usableFromInline var subscriberCount = 0
      @usableFromInline var upstream: (any Subscription)?
      @usableFromInline var isOpen = true

      @inlinable init() {}
    }

    /// Ends a connection's membership; the last member leaving cancels the upstream.
    @usableFromInline
    func leave(_ connection: Connection) {
      let upstream = self.connection.withLock { current -> (any Subscription)? in
        connection.subscriberCount -= 1
        guard connection.subscriberCount == 0, connection.isOpen else { return nil }
        connection.isOpen = false
        if current === connection { current = nil }
        return connection.upstream.take()
      }
      upstream?.cancel()
    }

    /// Receives the upstream's events and feeds the connection's relay.
    @usableFromInline
    struct Connector: Subscriber {
      @usableFromInline let replay: SingleReplay
      @usableFromInline let connection: Connection

      @inlinable init(replay: SingleReplay, connection: Connection) {
        self.replay = replay
        self.connection = connection
      }

      @inlinable
      func receive(subscription: any Subscription) {
        let isOpen = replay.connection.withLock { _ in
          if connection.isOpen, connection.upstream == nil {
            connection.upstream = subscription
            return true
          }
          return false
        }
        if isOpen { subscription.request(.unlimited) } else { subscription.cancel() }
      }

      @inlinable
      func receive(_ input: Output) -> Subscribers.Demand {
        connection.storage.send(input)
        return .none
      }

      @inlinable
      func receive(completion: Subscribers.Completion<Never>) {
        let upstream = replay.connection.withLock { current in
          connection.isOpen = false
          if current === connection { current = nil }
          return connection.upstream.take()
        }
        _ = upstream  // released here, after the lock
        connection.storage.finish()
      }
    }

    /// One subscriber's place in a connection; it is that subscriber's subscription.
    @usableFromInline
    final class Member<Downstream: Subscriber>: Subscriber, Subscription,
      CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Never {
      // `membership` is guarded by its lock; `downstream` is called only from the relay's
      // calls, which never overlap.
      @usableFromInline struct Membership {
        @usableFromInline var relaySubscription: (any Subscription)?
        @usableFromInline var hasLeft = false
        @inlinable init() {}
      }

      @usableFromInline let downstream: Downstream
      @usableFromInline let replay: SingleReplay
      @usableFromInline let connection: Connection
      @usableFromInline let membership = Lock<Membership>.make(Membership())

      @inlinable
      init(downstream: Downstream, replay: SingleReplay, connection: Connection) {
        self.downstream = downstream
        self.replay = replay
        self.connection = connection
      }

      @inlinable
      func receive(subscription: any Subscription) {
        let accepted = membership.withLock { membership in
          guard membership.relaySubscription == nil, !membership.hasLeft else { return false }
          membership.relaySubscription = subscription
          return true
        }
        guard accepted else { return subscription.cancel() }
        downstream.receive(subscription: self)
      }

      @inlinable
      func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }

      @inlinable
      func receive(completion: Subscribers.Completion<Never>) {
        membership.withLock { $0.hasLeft = true }
        downstream.receive(completion: completion)
      }

      @inlinable
      func request(_ demand: Subscribers.Demand) {
        _checkDemand(demand)
        membership.withLock { $0.relaySubscription }?.request(demand)
      }

      /// Leaves the connection's relay.
      ///
      /// Every call cancels the relay subscription, not only the first: the relay's cancel is
      /// idempotent and serialized, so a second `cancel()` racing the first returns only once the
      /// relay has let the member go, as the contract says of every `cancel()`. (Taking the
      /// subscription out let the second return at once, while the relay still called the
      /// member.)
      @inlinable
      func cancel() {
        let (leaves, subscription) = membership.withLock { membership in
          defer { membership.hasLeft = true }
          return (!membership.hasLeft, membership.relaySubscription)
        }
        subscription?.cancel()
        if leaves { replay.leave(connection) }
      }

      @usableFromInline var description: String { "SingleReplay" }
    }
  }
}
