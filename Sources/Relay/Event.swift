/// One of the three things a publisher can send its subscriber, as a value: what
/// `materialize()` publishes and `dematerialize()` turns back into a publisher's events.
///
/// ```swift
/// let events = fetch.materialize()  // Event<Data, URLError>, never fails
/// events.failures().sink { showError($0) }.store(in: &subscriptions)
/// ```
public enum Event<Output, Failure: Error> {
  /// The publisher sent a value.
  case value(Output)
  /// The publisher failed.
  case failure(Failure)
  /// The publisher finished.
  case finished
}

extension Event: Equatable where Output: Equatable, Failure: Equatable {}

extension Event: Sendable where Output: Sendable, Failure: Sendable {}

extension Event: CustomStringConvertible {
  /// The case and what it holds: `value(1)`, `failure(oops)`, `finished`.
  public var description: String {
    switch self {
    case .value(let value): "value(\(value))"
    case .failure(let error): "failure(\(error))"
    case .finished: "finished"
    }
  }
}

/// A type that stands for a publisher's event: `values()`, `failures()` and
/// `dematerialize()` accept publishers of any such type.
///
/// ```swift
/// extension Reply: EventConvertible {
///   var event: Event<Message, ServerError> { error.map { .failure($0) } ?? .value(message) }
/// }
/// ```
public protocol EventConvertible<Output, Failure> {
  /// The kind of values the event may hold.
  associatedtype Output
  /// The kind of error the event may hold.
  associatedtype Failure: Error

  /// The event this stands for.
  var event: Event<Output, Failure> { get }
}

extension Event: EventConvertible {
  /// The event itself.
  public var event: Event<Output, Failure> { self }
}
