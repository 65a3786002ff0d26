#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Publisher {
  /// Stops in the debugger (raises `SIGTRAP`) when a closure says so for an event.
  ///
  /// ```swift
  /// $cart.breakpoint(receiveOutput: { $0.total < 0 }).sink { show($0) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Parameters:
  ///   - receiveSubscription: Whether to stop at the subscription.
  ///   - receiveOutput: Whether to stop at a value.
  ///   - receiveCompletion: Whether to stop at the completion.
  /// - Returns: A publisher of the same events.
  @inlinable
  public func breakpoint(
    receiveSubscription: ((any Subscription) -> Bool)? = nil,
    receiveOutput: ((Output) -> Bool)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
  ) -> Publishers.Breakpoint<Self> {
    Publishers.Breakpoint(
      upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion)
  }

  /// Stops in the debugger (raises `SIGTRAP`) when the upstream fails.
  ///
  /// ```swift
  /// download.breakpointOnError().sink(receiveCompletion: { _ in }, receiveValue: { save($0) })
  ///   .store(in: &subscriptions)
  /// ```
  /// - Returns: A publisher of the same events.
  @inlinable
  public func breakpointOnError() -> Publishers.Breakpoint<Self> {
    breakpoint(receiveCompletion: { completion in
      if case .failure = completion { return true }
      return false
    })
  }
}

extension Publishers {
  /// A publisher that raises `SIGTRAP`, stopping in the debugger (or the program, without one),
  /// when one of its closures says so for an event, then passes the event on.
  ///
  /// Its subscriber receives the upstream's own subscription, as in Combine.
  public struct Breakpoint<Upstream: Publisher>: Publisher {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events are watched.
    public let upstream: Upstream
    /// Whether to stop at the subscription.
    public let receiveSubscription: ((any Subscription) -> Bool)?
    /// Whether to stop at a value.
    public let receiveOutput: ((Upstream.Output) -> Bool)?
    /// Whether to stop at the completion.
    public let receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?

    /// Creates the publisher.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose events are watched.
    ///   - receiveSubscription: Whether to stop at the subscription.
    ///   - receiveOutput: Whether to stop at a value.
    ///   - receiveCompletion: Whether to stop at the completion.
    @inlinable
    public init(
      upstream: Upstream, receiveSubscription: ((any Subscription) -> Bool)? = nil,
      receiveOutput: ((Upstream.Output) -> Bool)? = nil,
      receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
    }

    /// Subscribes the watching subscriber to the upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, publisher: self))
    }
  }
}

extension Publishers.Breakpoint {
  private struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Failure {
    let downstream: Downstream
    let publisher: Publishers.Breakpoint<Upstream>

    func receive(subscription: any Subscription) {
      if publisher.receiveSubscription?(subscription) == true { raise(SIGTRAP) }
      downstream.receive(subscription: subscription)
    }

    func receive(_ input: Output) -> Subscribers.Demand {
      if publisher.receiveOutput?(input) == true { raise(SIGTRAP) }
      return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      if publisher.receiveCompletion?(completion) == true { raise(SIGTRAP) }
      downstream.receive(completion: completion)
    }

    /// `Breakpoint`, as Combine names the subscriber.
    var description: String { "Breakpoint" }
  }
}
