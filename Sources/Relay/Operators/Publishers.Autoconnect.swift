extension Publishers {
  /// A publisher that connects its connectable upstream at the first subscriber and cancels
  /// the connection when the last one leaves (cancels or receives the completion).
  ///
  /// A subscriber that arrives after everyone left connects again. `connect()` and the
  /// connection's `cancel()` run on the thread of the subscription or cancellation that caused
  /// them, with no lock held.
  public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
    // Every mutable field is in `state`, guarded by its lock.
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    private struct State {
      var subscribers = 0
      /// Counts the connections made: a connection made for a past one is cancelled at once.
      var epoch = 0
      var connection: (any Cancellable)?
    }

    /// The connectable publisher.
    public let upstream: Upstream
    private let state = Lock<State>.make(State())

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The connectable publisher.
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes to the upstream, then connects it if this is the only subscriber.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let epoch = state.withLock { state -> Int? in
        state.subscribers += 1
        guard state.subscribers == 1 else { return nil }
        state.epoch &+= 1
        return state.epoch
      }
      upstream.subscribe(Inner(downstream: subscriber, parent: self))
      guard let epoch else { return }
      let connection = upstream.connect()
      let stale = state.withLock { state -> (any Cancellable)? in
        guard state.epoch == epoch, state.subscribers > 0 else { return connection }
        state.connection = connection
        return nil
      }
      stale?.cancel()
    }

    /// A subscriber cancelled or completed: the last one cancels the connection.
    fileprivate func subscriberLeft() {
      let connection = state.withLock { state -> (any Cancellable)? in
        state.subscribers -= 1
        guard state.subscribers == 0 else { return nil }
        defer { state.connection = nil }
        return state.connection
      }
      connection?.cancel()
    }
  }
}

extension Publishers.Autoconnect {
  private final class Inner<Downstream: Subscriber>: OperatorInner<Output, Failure, Downstream>,
    @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // `hasLeft` is guarded by its lock; the rest is `OperatorInner`'s.
    let parent: Publishers.Autoconnect<Upstream>
    let hasLeft = Lock<Bool>.make(false)

    init(downstream: Downstream, parent: Publishers.Autoconnect<Upstream>) {
      self.parent = parent
      super.init(downstream: downstream)
    }

    override var description: String { "Autoconnect" }

    override func forward(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }

    override func forward(completion: Subscribers.Completion<Failure>) {
      leave()
      downstream.receive(completion: completion)
    }

    override func cancel() {
      super.cancel()
      leave()
    }

    /// Tells the parent once, whichever of a cancel and a completion comes first.
    private func leave() {
      let first = hasLeft.withLock { hasLeft in
        defer { hasLeft = true }
        return !hasLeft
      }
      if first { parent.subscriberLeft() }
    }
  }
}
