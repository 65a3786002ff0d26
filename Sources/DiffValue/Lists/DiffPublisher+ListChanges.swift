extension DiffPublisher {
  /// A publisher of the list's changes: each published list with the one before and their
  /// diff.
  ///
  /// The diff is computed once per published list, on the thread delivering it, and shared
  /// by every subscriber; a subscriber receives the changes published after it subscribed.
  /// While nobody subscribes, no diff is computed.
  ///
  /// ```swift
  /// @Diff var items: [Contact] = []
  /// $items.listChanges.sink { change in print(change.diff.changeCount) }
  /// ```
  /// - Complexity: Each publication costs one `ListDiff`, expected O(*n* + *m*).
  public func listChanges<Item: Diffable>() -> SharedChanges<ListChange<Item>>
  where Value == [Item] {
    let feed = storage.shared(ChangeFeed<Value, ListChange<Item>>.self) {
      ChangeFeed(self) { ListChange(old: $0, new: $1) }
    }
    return SharedChanges(feed.relay)
  }

  /// A publisher of the sectioned list's changes: each published list of sections with the one
  /// before and their staged diff.
  ///
  /// The diff is computed once per published value, on the thread delivering it, and shared
  /// by every subscriber; a subscriber receives the changes published after it subscribed.
  /// While nobody subscribes, no diff is computed.
  /// - Complexity: Each publication costs one `SectionedListDiff`.
  public func sectionedListChanges<Section: DiffableSection>()
    -> SharedChanges<SectionedListChange<Section>>
  where Value == [Section] {
    let feed = storage.shared(ChangeFeed<Value, SectionedListChange<Section>>.self) {
      ChangeFeed(self) { SectionedListChange(old: $0, new: $1) }
    }
    return SharedChanges(feed.relay)
  }
}

/// A publisher of changes computed once and shared by all its subscribers; it cannot be sent
/// to.
public struct SharedChanges<Change>: Publisher {
  /// One change.
  public typealias Output = Change
  /// Never fails.
  public typealias Failure = Never

  @usableFromInline let relay: PassthroughRelay<Change>

  @inlinable init(_ relay: PassthroughRelay<Change>) { self.relay = relay }

  /// Attaches a subscriber; it receives the changes published from now on.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Change, S.Failure == Never {
    relay.receive(subscriber: subscriber)
  }
}

extension SharedChanges: Sendable where Change: Sendable {}

/// Computes each change once and passes it to every subscriber: one subscription to the
/// property's transitions, shared through a relay. It computes nothing while nobody listens.
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
