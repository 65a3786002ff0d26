extension Publisher {
  /// Calls closures on the events passing through, for side effects such as logging.
  ///
  /// ```swift
  /// search.handleEvents(receiveSubscription: { _ in spinner.start() },
  ///                     receiveCompletion: { _ in spinner.stop() })
  /// ```
  /// - Parameters:
  ///   - receiveSubscription: Called with the upstream's subscription.
  ///   - receiveOutput: Called with each value, before the downstream receives it.
  ///   - receiveCompletion: Called with the completion, before the downstream receives it.
  ///   - receiveCancel: Called when the downstream cancels.
  ///   - receiveRequest: Called with each demand the downstream asks for, returned demand
  ///     included.
  /// - Returns: A publisher of the same events.
  @inlinable
  public func handleEvents(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveOutput: ((Output) -> Void)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
    receiveCancel: (() -> Void)? = nil,
    receiveRequest: ((Subscribers.Demand) -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    Publishers.HandleEvents(
      upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion, receiveCancel: receiveCancel,
      receiveRequest: receiveRequest)
  }
}

extension Publishers {
  /// A publisher that calls closures on the events passing through.
  ///
  /// The closures run on the thread of the event, with no lock held.
  public struct HandleEvents<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are observed.
    public let upstream: Upstream
    /// Called with the upstream's subscription.
    public var receiveSubscription: ((any Subscription) -> Void)?
    /// Called with each value.
    public var receiveOutput: ((Upstream.Output) -> Void)?
    /// Called with the completion.
    public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
    /// Called when the downstream cancels.
    public var receiveCancel: (() -> Void)?
    /// Called with each demand.
    public var receiveRequest: ((Subscribers.Demand) -> Void)?

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are observed.
    ///   - receiveSubscription: Called with the upstream's subscription.
    ///   - receiveOutput: Called with each value.
    ///   - receiveCompletion: Called with the completion.
    ///   - receiveCancel: Called when the downstream cancels.
    ///   - receiveRequest: Called with each demand.
    @inlinable
    public init(
      upstream: Upstream,
      receiveSubscription: ((any Subscription) -> Void)? = nil,
      receiveOutput: ((Output) -> Void)? = nil,
      receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
      receiveCancel: (() -> Void)? = nil,
      receiveRequest: ((Subscribers.Demand) -> Void)?
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
      self.receiveCancel = receiveCancel
      self.receiveRequest = receiveRequest
    }

    /// Subscribes the observing subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, events: self))
    }
  }
}

extension Publishers.HandleEvents {
  private final class Inner<Downstream: Subscriber>: OperatorInner<
    Upstream.Output, Upstream.Failure, Downstream
  >, @unchecked Sendable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // The closures are constants; they are called outside any lock.
    private let events: Publishers.HandleEvents<Upstream>

    init(downstream: Downstream, events: Publishers.HandleEvents<Upstream>) {
      self.events = events
      super.init(downstream: downstream)
    }

    override var description: String { "HandleEvents" }

    override func didSubscribe(_ upstream: any Subscription) {
      // The subscription as it arrived, as Combine hands it: not the box the link keeps a
      // value-type subscription in.
      events.receiveSubscription?(upstream)
      downstream.receive(subscription: self)
    }

    override func forward(_ input: Upstream.Output) -> Subscribers.Demand {
      events.receiveOutput?(input)
      let demand = downstream.receive(input)
      if demand != .none { events.receiveRequest?(demand) }
      return demand
    }

    override func forward(completion: Subscribers.Completion<Upstream.Failure>) {
      events.receiveCompletion?(completion)
      downstream.receive(completion: completion)
    }

    override func request(_ demand: Subscribers.Demand) {
      _checkDemand(demand)
      events.receiveRequest?(demand)
      super.request(demand)
    }

    override func cancel() {
      events.receiveCancel?()
      super.cancel()
    }
  }
}
