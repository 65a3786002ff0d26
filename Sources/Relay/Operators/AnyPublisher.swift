extension Publisher {
  /// Hides the publisher's type behind `AnyPublisher`.
  ///
  /// - Returns: A type-erased publisher of the same values.
  @inlinable
  public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

/// A publisher whose concrete type is hidden, for use in APIs.
///
/// ```swift
/// var names: AnyPublisher<String, Never> { $state.map(\.userName).eraseToAnyPublisher() }
/// ```
public struct AnyPublisher<Output, Failure: Error>: Publisher {
  @usableFromInline let subscribeBody: (AnySubscriber<Output, Failure>) -> Void

  /// Wraps a publisher.
  ///
  /// - Parameter publisher: The publisher to hide.
  @inlinable
  public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
    if let erased = publisher as? AnyPublisher<Output, Failure> {
      subscribeBody = erased.subscribeBody
    } else {
      subscribeBody = { publisher.subscribe($0) }
    }
  }

  /// Subscribes to the wrapped publisher.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribeBody(AnySubscriber(subscriber))
  }
}

/// A subscriber whose concrete type is hidden.
public struct AnySubscriber<Input, Failure: Error>: Subscriber {
  @usableFromInline let receiveSubscriptionBody: (any Subscription) -> Void
  @usableFromInline let receiveValueBody: (Input) -> Subscribers.Demand
  @usableFromInline let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void

  /// Wraps a subscriber.
  ///
  /// - Parameter subscriber: The subscriber to hide.
  @inlinable
  public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
    if let erased = subscriber as? AnySubscriber<Input, Failure> {
      self = erased
      return
    }
    receiveSubscriptionBody = { subscriber.receive(subscription: $0) }
    receiveValueBody = { subscriber.receive($0) }
    receiveCompletionBody = { subscriber.receive(completion: $0) }
  }

  /// Makes a subscriber from closures, as Combine's does; each one left out does nothing (a
  /// value then asks for nothing more).
  ///
  /// - Parameters:
  ///   - receiveSubscription: Called with the subscription.
  ///   - receiveValue: Called with each value; returns how many more values to ask for.
  ///   - receiveCompletion: Called with the completion.
  @inlinable
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    receiveSubscriptionBody = { receiveSubscription?($0) }
    receiveValueBody = { receiveValue?($0) ?? .none }
    receiveCompletionBody = { receiveCompletion?($0) }
  }

  /// Forwards the subscription.
  @inlinable
  public func receive(subscription: any Subscription) { receiveSubscriptionBody(subscription) }

  /// Forwards a value.
  @inlinable
  public func receive(_ input: Input) -> Subscribers.Demand { receiveValueBody(input) }

  /// Forwards the completion.
  @inlinable
  public func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletionBody(completion)
  }
}
