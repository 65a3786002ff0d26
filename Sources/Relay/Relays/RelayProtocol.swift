/// A publisher that never fails and that values are sent into: what `CurrentValueRelay` and
/// `PassthroughRelay` share, CombineExt's `Relay`.
///
/// CombineExt names it `Relay`; here that is the module's name, and a type named `Relay` in
/// module `Relay` would break every `Relay.X` spelling, so it takes the standard library's
/// suffix for a protocol whose plain name is taken, as `IteratorProtocol` does.
///
/// ```swift
/// let query = PassthroughRelay<String>()
/// searchField.textPublisher.subscribe(query).store(in: &subscriptions)
/// ```
public protocol RelayProtocol<Output>: Publisher where Failure == Never {
  /// Sends a value to the relay's subscribers.
  ///
  /// - Parameter value: The value.
  func send(_ value: Output)
}

extension RelayProtocol {
  /// Sends a value to the relay's subscribers: `send(_:)`, as CombineExt spells it.
  ///
  /// - Parameter value: The value.
  public func accept(_ value: Output) { send(value) }

  /// Sends every value of `publisher` into this relay, until the returned value is cancelled;
  /// the publisher's completion ends nothing, since a relay never completes.
  ///
  /// - Parameter publisher: The publisher whose values the relay sends.
  /// - Returns: What ends the subscription to `publisher`.
  public func subscribe<Upstream: Publisher>(_ publisher: Upstream) -> AnyCancellable
  where Upstream.Output == Output, Upstream.Failure == Never {
    publisher.subscribe(self)
  }
}

extension RelayProtocol {
  /// Sends every value of this relay into `relay`, until the returned value is cancelled: a
  /// relay between two relays is fed by the one the call starts from, as for any publisher.
  ///
  /// - Parameter relay: The relay the values are sent into; it is kept until the subscription
  ///   ends.
  /// - Returns: What ends the subscription.
  public func subscribe<Target: RelayProtocol>(_ relay: Target) -> AnyCancellable
  where Target.Output == Output {
    sink { relay.send($0) }
  }
}

extension RelayProtocol where Output == Void {
  /// Sends the one value a relay of `Void` has.
  public func accept() { send(()) }
}

extension Publisher where Failure == Never {
  /// Sends every value of this publisher into `relay`, until the returned value is cancelled;
  /// the completion ends nothing, since a relay never completes.
  ///
  /// Combine's `subscribe(_:)` of a subject, for a relay; CombineExt spells it the same way.
  ///
  /// - Parameter relay: The relay the values are sent into; it is kept until the subscription
  ///   ends.
  /// - Returns: What ends the subscription.
  public func subscribe<Target: RelayProtocol>(_ relay: Target) -> AnyCancellable
  where Target.Output == Output {
    sink { relay.send($0) }
  }
}

extension CurrentValueRelay: RelayProtocol {}
extension PassthroughRelay: RelayProtocol {}
