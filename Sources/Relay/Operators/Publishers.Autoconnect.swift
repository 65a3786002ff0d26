extension Publishers {
  /// A publisher that connects its connectable upstream at the first subscriber and cancels
  /// the connection when the last one leaves (cancels or receives the completion).
  ///
  /// A subscriber that arrives after everyone left connects again. `connect()` and the
  /// connection's `cancel()` run with no lock held, on the thread of the subscription or
  /// cancellation that caused them, one at a time: when subscribers come and go on several
  /// threads at once, the thread already connecting or cancelling goes on until the connection
  /// runs exactly while somebody is subscribed (after a few steps, a block on a global queue takes
  /// over), so a subscriber never finds the connection cancelled behind it, and no connection is
  /// left running with nobody subscribed.
  public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
    // Every mutable field is in `state`, guarded by its lock.
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    private struct State {
      var subscribers = 0
      /// Whether the connection is wanted (a subscriber is there) and the one that runs: connects
      /// and cancels happen outside the lock, one thread at a time, in the order the subscribers
      /// came and went.
      var connection = Reconciliation<any Cancellable>()
    }

    /// The connectable publisher.
    public let upstream: Upstream
    private let state = Lock<State>.make(State())

    /// Creates the publisher.
    ///
    /// - Parameter upstream: The connectable publisher.
    @inlinable
    public init(upstream: Upstream) { self.upstream = upstream }

    /// Subscribes to the upstream, then connects it if nothing is connected.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      // Counted first, so that a subscriber leaving meanwhile does not cancel the connection
      // this one is about to use; connected once subscribed, so that it misses nothing.
      state.withLock { $0.subscribers += 1 }
      upstream.subscribe(Inner(downstream: subscriber, parent: self))
      reconcile()
    }

    /// A subscriber cancelled or completed: the last one cancels the connection.
    fileprivate func subscriberLeft() {
      state.withLock { $0.subscribers -= 1 }
      reconcile()
    }

    /// Connects or cancels until the connection runs exactly while somebody is subscribed.
    private func reconcile() {
      carryOut(
        state.withLock { state in
          state.connection.want(state.subscribers > 0) ? state.connection.next() : .done
        })
    }

    private func carryOut(_ step: Reconciliation<any Cancellable>.Step) {
      Reconciliation.carryOut(
        step, advance: { body in state.withLock { body(&$0.connection) } },
        start: { upstream.connect() }, stop: { $0.cancel() }, owner: self)
    }
  }
}

extension Publishers.Autoconnect: SendableWork {
  /// Resumes reconciling on a block another reconciler handed on to.
  @usableFromInline func perform() {
    carryOut(
      state.withLock { state in
        state.connection.resume()
        return state.connection.next()
      })
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
