extension Publisher {
  /// Shares one upstream subscription among all subscribers, without replaying anything.
  ///
  /// The first subscriber connects to the upstream, which is asked for every value; later
  /// subscribers receive the values sent after they asked for them. When the last subscriber
  /// cancels, the upstream is cancelled and the next subscriber connects afresh. Once the
  /// upstream completed, a new subscriber receives the completion at once. Unlike
  /// `singleReplay()`, a late subscriber does not receive the latest value.
  ///
  /// ```swift
  /// let results = $query.map(search).switchToLatest().share()   // one search per query
  /// results.sink { list.show($0) }.store(in: &subscriptions)
  /// results.map(\.count).sink { badge.count = $0 }.store(in: &subscriptions)
  /// ```
  /// - Returns: A shared publisher; keep it to share it.
  @inlinable
  public func share() -> Publishers.Share<Self> { Publishers.Share(upstream: self) }
}

extension Publishers {
  /// A publisher that shares one upstream subscription among its subscribers.
  ///
  /// It is a class: subscribers of the same instance share the connection. A value reaches the
  /// subscribers that have demand for it, in the order they subscribed, on the thread of the
  /// upstream, with no lock held; a subscriber without demand misses it, as with Combine's
  /// `share()`. Each subscription is named "Multicast" in `print`'s log, as in Combine. A cancel
  /// never waits for a call in progress on another thread; once it returns, that subscriber
  /// receives at most one more call, which another thread had already set out to make.
  public final class Share<Upstream: Publisher>: Publisher, Equatable, @unchecked Sendable {
    // `state` is the only mutable state, guarded by its lock.
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose subscription is shared.
    public let upstream: Upstream

    enum Connection {
      case idle
      /// Connected, or connecting: the subscription arrives later.
      case connected(id: Int, subscription: (any Subscription)?)
      case completed(Subscribers.Completion<Failure>)
    }

    struct State {
      var connection = Connection.idle
      var members: [ShareMember<Output, Failure>] = []
      var nextConnection = 0
    }

    let state = Lock<State>.make(State())

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The publisher whose subscription is shared.
    @inlinable
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Whether both are the same instance.
    public static func == (lhs: Share, rhs: Share) -> Bool { lhs === rhs }

    /// Adds the subscriber, connecting to the upstream when it is the first.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let member = Member(downstream: subscriber, leave: leave)
      subscriber.receive(subscription: member)
      // Added only now, so no value reaches the subscriber before its subscription returned.
      let action = state.withLock {
        state -> (connect: Int?, completed: Subscribers.Completion<Failure>?) in
        if case .completed(let completion) = state.connection { return (nil, completion) }
        guard !member.hasLeft else { return (nil, nil) }
        state.members.append(member)
        guard case .idle = state.connection else { return (nil, nil) }
        state.nextConnection &+= 1
        state.connection = .connected(id: state.nextConnection, subscription: nil)
        return (state.nextConnection, nil)
      }
      if let completion = action.completed { member.deliver(completion) }
      if let id = action.connect { upstream.subscribe(Connector(share: self, id: id)) }
    }

    fileprivate func leave(_ member: ShareMember<Output, Failure>) {
      let (upstream, removed) = state.withLock {
        state -> ((any Subscription)?, ShareMember<Output, Failure>?) in
        guard let index = state.members.firstIndex(where: { $0 === member }) else {
          return (nil, nil)
        }
        let removed = state.members.remove(at: index)
        guard state.members.isEmpty, case .connected(_, let subscription) = state.connection else {
          return (nil, removed)
        }
        state.connection = .idle
        return (subscription, removed)
      }
      _ = removed  // released outside the lock
      upstream?.cancel()
    }

    /// Receives the upstream's events and hands them to the members.
    struct Connector: Subscriber {
      let share: Share
      let id: Int

      func receive(subscription: any Subscription) {
        let accepted = share.state.withLock { state in
          guard case .connected(let current, nil) = state.connection, current == id else {
            return false
          }
          state.connection = .connected(id: id, subscription: subscription)
          return true
        }
        if accepted { subscription.request(.unlimited) } else { subscription.cancel() }
      }

      func receive(_ input: Output) -> Subscribers.Demand {
        let members = share.state.withLock { state -> [ShareMember<Output, Failure>] in
          guard case .connected(let current, _) = state.connection, current == id else { return [] }
          return state.members
        }
        for member in members { member.deliver(input) }
        return .none
      }

      func receive(completion: Subscribers.Completion<Failure>) {
        let (members, ended) = share.state.withLock {
          state -> ([ShareMember<Output, Failure>], Connection?) in
          guard case .connected(let current, _) = state.connection, current == id else {
            return ([], nil)
          }
          // The upstream's subscription leaves with `ended`, released outside the lock.
          let ended = state.connection
          state.connection = .completed(completion)
          return (state.members.take(), ended)
        }
        for member in members { member.deliver(completion) }
        _ = ended
      }
    }

    /// One subscriber's subscription: its demand and whether it left; `makeConnectable()`'s
    /// subscribers have one too.
    final class Member<Downstream: Subscriber>: ShareMember<Output, Failure>, Subscription,
      CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
      // `status` is guarded by its lock. `downstream` is called by the upstream's serial calls,
      // or once, for a completion that came before it joined.
      struct Status {
        var demand = Subscribers.Demand.none
        var hasLeft = false
      }

      let downstream: Downstream
      let status = Lock<Status>.make(Status())
      /// Takes the member out of its publisher's list, once, when the subscriber cancels.
      let leave: (ShareMember<Output, Failure>) -> Void

      init(downstream: Downstream, leave: @escaping (ShareMember<Output, Failure>) -> Void) {
        self.downstream = downstream
        self.leave = leave
      }

      override var hasLeft: Bool { status.withLock { $0.hasLeft } }

      override func deliver(_ value: Output) {
        let passes = status.withLock { status in
          guard !status.hasLeft, status.demand > 0 else { return false }
          status.demand -= 1
          return true
        }
        guard passes else { return }
        let more = downstream.receive(value)
        if more != .none { status.withLock { $0.demand += more } }
      }

      override func deliver(_ completion: Subscribers.Completion<Failure>) {
        let passes = status.withLock { status in
          defer { status.hasLeft = true }
          return !status.hasLeft
        }
        if passes { downstream.receive(completion: completion) }
      }

      func request(_ demand: Subscribers.Demand) {
        _checkDemand(demand)
        status.withLock { $0.demand += demand }
      }

      func cancel() {
        let leaves = status.withLock { status in
          defer { status.hasLeft = true }
          return !status.hasLeft
        }
        if leaves { leave(self) }
      }

      var description: String { "Multicast" }
    }
  }
}

/// A member of a `share()`, seen without its subscriber's type.
///
/// `@unchecked Sendable`: it has no state; `Share.Member` guards its own with a lock.
class ShareMember<Output, Failure: Error>: @unchecked Sendable {
  var hasLeft: Bool { false }
  func deliver(_ value: Output) {}
  func deliver(_ completion: Subscribers.Completion<Failure>) {}
}
