extension AnyPublisher {
  /// Creates a publisher from a closure that sends values and a completion through the
  /// handle it is given, and returns what cancels its work.
  ///
  /// ```swift
  /// let ticks = AnyPublisher<Int, Never> { subscriber in
  ///   let timer = Clock.every(1) { subscriber.send($0) }
  ///   return AnyCancellable { timer.stop() }
  /// }
  /// ```
  /// - Parameter factory: Runs once per subscription, after the subscriber has its
  ///   subscription; sends through the handle, from any thread, and returns the cleanup,
  ///   cancelled when the subscription is cancelled or the completion was delivered.
  @inlinable
  public init(_ factory: @escaping Publishers.Create<Output, Failure>.SubscriberHandler) {
    self = Publishers.Create(factory: factory).eraseToAnyPublisher()
  }

  /// Creates a publisher from a closure that sends values and a completion through the
  /// handle it is given, and returns what cancels its work.
  ///
  /// ```swift
  /// let greeting = AnyPublisher<String, Never>.create { subscriber in
  ///   subscriber.send("Hello")
  ///   subscriber.send(completion: .finished)
  ///   return AnyCancellable {}
  /// }
  /// ```
  /// - Parameter factory: Runs once per subscription; sends through the handle and returns
  ///   the cleanup.
  /// - Returns: The publisher.
  @inlinable
  public static func create(
    _ factory: @escaping Publishers.Create<Output, Failure>.SubscriberHandler
  ) -> AnyPublisher<Output, Failure> {
    AnyPublisher(factory)
  }
}

extension Publishers {
  /// A publisher whose events a closure sends through a handle, as CombineExt's
  /// `AnyPublisher.create` does.
  ///
  /// For each subscription, the subscriber receives its subscription, then the closure runs
  /// with a new handle and returns the cleanup. Values sent beyond the subscriber's demand
  /// wait in order (without bound) until it asks for more; the completion is delivered after
  /// the values that demand allows, and drops those still waiting, as in CombineExt; nothing
  /// sent after it is delivered. The cleanup is cancelled after the completion, or on cancel.
  /// The handle may be used from any thread: the thread that finds nobody delivering
  /// delivers, one call at a time. Its subscription is named "Create" in `print`'s log.
  public struct Create<Output, Failure: Error>: Publisher {
    /// The closure: gets the handle, returns the cleanup.
    public typealias SubscriberHandler = (Subscriber) -> any Cancellable

    /// Runs once per subscription.
    public let factory: SubscriberHandler

    /// Creates the publisher.
    ///
    /// - Parameter factory: Runs once per subscription with a new handle; returns the
    ///   cleanup.
    @inlinable
    public init(factory: @escaping SubscriberHandler) { self.factory = factory }

    /// Hands the subscriber its subscription, then runs the closure.
    public func receive<S: Relay.Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      let subscription = BufferedSubscription(downstream: subscriber, description: "Create")
      subscriber.receive(subscription: subscription)
      subscription.start()
      let handle = Subscriber(
        onValue: { [weak subscription] in subscription?.send($0) },
        onCompletion: { [weak subscription] in subscription?.send(completion: $0) })
      let cleanup = factory(handle)
      subscription.onEnd { cleanup.cancel() }
    }
  }
}

extension Publishers.Create {
  /// The handle a `create` closure sends its values and completion through.
  ///
  /// ```swift
  /// AnyPublisher<Int, Never>.create { subscriber in
  ///   subscriber.send(1)
  ///   subscriber.send(completion: .finished)
  ///   return AnyCancellable {}
  /// }
  /// ```
  public struct Subscriber {
    let onValue: (Output) -> Void
    let onCompletion: (Subscribers.Completion<Failure>) -> Void

    /// Sends a value: delivered now if the subscriber has demand, later otherwise.
    ///
    /// - Parameter input: The value.
    public func send(_ input: Output) { onValue(input) }

    /// Sends the completion: delivered after the values demand allows, dropping the rest.
    ///
    /// - Parameter completion: `.finished`, or `.failure` with the error.
    public func send(completion: Subscribers.Completion<Failure>) { onCompletion(completion) }
  }
}

extension Publishers.Create.Subscriber: @unchecked Sendable where Output: Sendable {}
