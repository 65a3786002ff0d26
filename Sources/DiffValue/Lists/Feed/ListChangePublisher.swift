import Relay

/// A publisher of a list's changes, each computed once and shared by all its subscribers; it
/// cannot be sent to.
///
/// `$items.listChanges` and `$sections.sectionedListChanges` return one: a subscriber receives
/// the changes published after it subscribed.
public struct ListChangePublisher<Change>: Relay.Publisher {
  /// One change.
  public typealias Output = Change
  /// Never fails.
  public typealias Failure = Never

  @usableFromInline let relay: PassthroughRelay<Change>

  @inlinable init(_ relay: PassthroughRelay<Change>) { self.relay = relay }

  /// Attaches a subscriber; it receives the changes published from now on.
  @inlinable
  public func receive<S: Relay.Subscriber>(subscriber: S)
  where S.Input == Change, S.Failure == Never {
    relay.receive(subscriber: subscriber)
  }
}

extension ListChangePublisher: Sendable where Change: Sendable {}

/// Computes each change once and passes it to every subscriber: one subscription to the
/// property's transitions, shared through a relay.
///
/// It computes nothing while nobody listens.
final class ChangeFeed<Value: Equatable, Change>: @unchecked Sendable {
  // Both fields are set in init and never change.
  let relay = PassthroughRelay<Change>()
  private var subscription: AnyCancellable?

  init(_ publisher: DiffPublisher<Value>, change: @escaping (Value, Value) -> Change) {
    let relay = self.relay
    subscription = publisher.changes.sink { transition in
      guard relay.hasSubscribers else { return }
      relay.send(change(transition.old, transition.new))
    }
  }
}
