/// A publisher that performs type erasure by wrapping another publisher.
@frozen public struct AnyPublisher<Output, Failure>: CustomStringConvertible where Failure: Error {
  @usableFromInline let subscribeBody: (AnySubscriber<Output, Failure>) -> Void

  public init<P>(_ publisher: P) where Output == P.Output, Failure == P.Failure, P: Publisher {
    subscribeBody = { publisher.receive(subscriber: $0) }
  }

  public var description: String { "AnyPublisher" }
}

extension AnyPublisher: Publisher {
  @inlinable public func receive<S>(subscriber: S)
  where Output == S.Input, Failure == S.Failure, S: Subscriber {
    subscribeBody(AnySubscriber(subscriber))
  }
}

extension Publisher {
  @inlinable public func eraseToAnyPublisher() -> AnyPublisher<Self.Output, Self.Failure> {
    AnyPublisher(self)
  }
}

/// A type-erasing subscriber.
@frozen public struct AnySubscriber<Input, Failure>: Subscriber, CustomStringConvertible
where Failure: Error {
  @usableFromInline let receiveSubscriptionBody: (Subscription) -> Void
  @usableFromInline let receiveValueBody: (Input) -> Subscribers.Demand
  @usableFromInline let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void
  public let combineIdentifier: CombineIdentifier

  public init<S>(_ s: S) where Input == S.Input, Failure == S.Failure, S: Subscriber {
    receiveSubscriptionBody = s.receive(subscription:)
    receiveValueBody = s.receive(_:)
    receiveCompletionBody = s.receive(completion:)
    combineIdentifier = s.combineIdentifier
  }

  public var description: String { "AnySubscriber" }

  @inlinable public func receive(subscription: Subscription) {
    receiveSubscriptionBody(subscription)
  }
  @inlinable public func receive(_ value: Input) -> Subscribers.Demand { receiveValueBody(value) }
  @inlinable public func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletionBody(completion)
  }
}

/// A subscription that has nothing to send.
final class EmptySubscription: Subscription {
  func request(_ demand: Subscribers.Demand) {}
  func cancel() {}
}

/// Sends a fixed list of events as demand allows: the machinery of `Just`, `Empty`, `Fail` and
/// `Publishers.Sequence`.
final class ListSubscription<Downstream: Subscriber>: Subscription {
  private var downstream: Downstream?
  private var values: [Downstream.Input]
  private let completion: Subscribers.Completion<Downstream.Failure>
  private var demand = Subscribers.Demand.none
  private var isSending = false

  init(
    _ downstream: Downstream, values: [Downstream.Input],
    completion: Subscribers.Completion<Downstream.Failure>
  ) {
    self.downstream = downstream
    self.values = values
    self.completion = completion
  }

  func request(_ demand: Subscribers.Demand) {
    self.demand += demand
    guard !isSending else { return }
    isSending = true
    defer { isSending = false }
    while let downstream, !values.isEmpty, self.demand > 0 {
      self.demand -= 1
      self.demand += downstream.receive(values.removeFirst())
    }
    if let downstream, values.isEmpty {
      self.downstream = nil
      downstream.receive(completion: completion)
    }
  }

  func cancel() { downstream = nil }

  /// Subscribes a downstream that receives the list, completing at once if it is empty.
  static func start(
    _ downstream: Downstream, values: [Downstream.Input],
    completion: Subscribers.Completion<Downstream.Failure>
  ) {
    if values.isEmpty {
      downstream.receive(subscription: EmptySubscription())
      downstream.receive(completion: completion)
    } else {
      downstream.receive(
        subscription: ListSubscription(downstream, values: values, completion: completion))
    }
  }
}

/// A publisher that emits an output to each subscriber just once, and then finishes.
public struct Just<Output>: Publisher {
  public typealias Failure = Never
  public let output: Output

  public init(_ output: Output) { self.output = output }

  public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, S.Failure == Never {
    ListSubscription.start(subscriber, values: [output], completion: .finished)
  }
}

/// A publisher that never publishes any values, and optionally finishes immediately.
public struct Empty<Output, Failure>: Publisher, Equatable where Failure: Error {
  public let completeImmediately: Bool

  public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }

  public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type)
  {
    self.completeImmediately = completeImmediately
  }

  public func receive<S>(subscriber: S)
  where Output == S.Input, Failure == S.Failure, S: Subscriber {
    if completeImmediately {
      ListSubscription.start(subscriber, values: [], completion: .finished)
    } else {
      subscriber.receive(subscription: EmptySubscription())
    }
  }
}

/// A publisher that immediately terminates with the specified error.
public struct Fail<Output, Failure>: Publisher where Failure: Error {
  public let error: Failure

  public init(error: Failure) { self.error = error }

  public init(outputType: Output.Type, failure: Failure) { error = failure }

  public func receive<S>(subscriber: S)
  where Output == S.Input, Failure == S.Failure, S: Subscriber {
    ListSubscription.start(subscriber, values: [], completion: .failure(error))
  }
}

/// A publisher that awaits subscription before running the supplied closure to create a
/// publisher for the new subscriber.
public struct Deferred<DeferredPublisher>: Publisher where DeferredPublisher: Publisher {
  public typealias Output = DeferredPublisher.Output
  public typealias Failure = DeferredPublisher.Failure
  public let createPublisher: () -> DeferredPublisher

  public init(createPublisher: @escaping () -> DeferredPublisher) {
    self.createPublisher = createPublisher
  }

  public func receive<S>(subscriber: S)
  where S: Subscriber, DeferredPublisher.Failure == S.Failure, DeferredPublisher.Output == S.Input {
    createPublisher().receive(subscriber: subscriber)
  }
}

/// A publisher that eventually produces a single value and then finishes or fails.
final public class Future<Output, Failure>: Publisher where Failure: Error {
  public typealias Promise = (Result<Output, Failure>) -> Void
  private let subject = PassthroughSubject<Output, Failure>()
  private var result: Result<Output, Failure>?

  public init(_ attemptToFulfill: @escaping (@escaping Future<Output, Failure>.Promise) -> Void) {
    attemptToFulfill { [self] result in
      guard self.result == nil else { return }
      self.result = result
      switch result {
      case .success(let value):
        subject.send(value)
        subject.send(completion: .finished)
      case .failure(let error): subject.send(completion: .failure(error))
      }
    }
  }

  final public func receive<S>(subscriber: S)
  where Output == S.Input, Failure == S.Failure, S: Subscriber {
    switch result {
    case .success(let value)?:
      ListSubscription.start(subscriber, values: [value], completion: .finished)
    case .failure(let error)?:
      ListSubscription.start(subscriber, values: [], completion: .failure(error))
    case nil: subject.receive(subscriber: subscriber)
    }
  }
}

extension Publishers {
  /// A publisher that publishes a given sequence of elements.
  public struct Sequence<Elements, Failure>: Publisher
  where Elements: Swift.Sequence, Failure: Error {
    public typealias Output = Elements.Element
    public let sequence: Elements

    public init(sequence: Elements) { self.sequence = sequence }

    public func receive<S>(subscriber: S)
    where Failure == S.Failure, S: Subscriber, Elements.Element == S.Input {
      ListSubscription.start(subscriber, values: Array(sequence), completion: .finished)
    }
  }
}

extension Sequence {
  public var publisher: Publishers.Sequence<Self, Never> { Publishers.Sequence(sequence: self) }
}

/// A publisher that allows for recording a series of inputs and a completion, for later playback
/// to each subscriber.
public struct Record<Output, Failure>: Publisher where Failure: Error {
  /// A recorded sequence of outputs, followed by a completion value.
  public struct Recording {
    public typealias Input = Output

    public private(set) var output: [Output]
    public private(set) var completion: Subscribers.Completion<Failure>

    public init() {
      output = []
      completion = .finished
    }

    public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
      self.output = output
      self.completion = completion
    }

    public mutating func receive(_ input: Record<Output, Failure>.Recording.Input) {
      output.append(input)
    }

    public mutating func receive(completion: Subscribers.Completion<Failure>) {
      self.completion = completion
    }
  }

  public let recording: Record<Output, Failure>.Recording

  public init(record: (inout Record<Output, Failure>.Recording) -> Void) {
    var recording = Recording()
    record(&recording)
    self.recording = recording
  }

  public init(recording: Record<Output, Failure>.Recording) { self.recording = recording }

  public init(output: [Output], completion: Subscribers.Completion<Failure>) {
    recording = Recording(output: output, completion: completion)
  }

  public func receive<S>(subscriber: S)
  where Output == S.Input, Failure == S.Failure, S: Subscriber {
    ListSubscription.start(
      subscriber, values: recording.output, completion: recording.completion)
  }
}

/// A namespace for symbols related to subscriptions.
public enum Subscriptions {
  /// Returns the “empty” subscription.
  public static var empty: Subscription { EmptySubscription() }
}

/// A type that defines methods for encoding.
public protocol TopLevelEncoder {
  associatedtype Output
  func encode<T>(_ value: T) throws -> Self.Output where T: Encodable
}

/// A type that defines methods for decoding.
public protocol TopLevelDecoder {
  associatedtype Input
  func decode<T>(_ type: T.Type, from: Self.Input) throws -> T where T: Decodable
}
