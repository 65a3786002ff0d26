/// Declares that a type can transmit a sequence of values over time.
public protocol Publisher<Output, Failure> {
  associatedtype Output
  associatedtype Failure: Error
  func receive<S>(subscriber: S)
  where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input
}

extension Publisher {
  public func subscribe<S>(_ subscriber: S)
  where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input {
    receive(subscriber: subscriber)
  }

  public func subscribe<S>(_ subject: S) -> AnyCancellable
  where S: Subject, Self.Failure == S.Failure, Self.Output == S.Output {
    let sink = Subscribers.Sink<Output, Failure>(
      receiveCompletion: { subject.send(completion: $0) }, receiveValue: { subject.send($0) })
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

/// A protocol that declares a type that can receive input from a publisher.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
  associatedtype Input
  associatedtype Failure: Error
  func receive(subscription: Subscription)
  func receive(_ input: Self.Input) -> Subscribers.Demand
  func receive(completion: Subscribers.Completion<Self.Failure>)
}

/// A protocol representing the connection of a subscriber to a publisher.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
  func request(_ demand: Subscribers.Demand)
}

/// A namespace for types that serve as subscribers.
public enum Subscribers {}

/// A namespace for types that serve as publishers.
public enum Publishers {}

/// A publisher that exposes a method for outside callers to publish elements.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  func send(_ value: Self.Output)
  func send(completion: Subscribers.Completion<Self.Failure>)
  func send(subscription: Subscription)
}

extension Subject where Self.Output == Void {
  public func send() { send(()) }
}

// As Apple declares it; `autoconnect()` and `Publishers.Autoconnect` are left out: nothing here
// uses them.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  func connect() -> any Cancellable
}
