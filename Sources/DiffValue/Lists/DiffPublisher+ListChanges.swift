import Synchronization

extension DiffPublisher {
  /// A publisher of the list's changes: each published list with the one before and their
  /// diff.
  ///
  /// The diff is computed once per published list, on the writing thread, and shared by
  /// every subscriber; a subscriber receives the changes published after it subscribed.
  ///
  /// ```swift
  /// @Diff var items: [Contact] = []
  /// $items.listChanges.sink { change in print(change.diff.changeCount) }
  /// ```
  /// - Complexity: Each publication costs one `ListDiff`, expected O(*n* + *m*).
  public func listChanges<Item: Diffable>() -> SharedChanges<ListChange<Item>>
  where Value == [Item] {
    SharedChanges(storage.shared(ListChangeFeed<Item>.self) { ListChangeFeed(self) }.relay)
  }

  /// A publisher of the sectioned list's changes: each published list of sections with the one
  /// before and their staged diff.
  ///
  /// The diff is computed once per published value, on the writing thread, and shared by
  /// every subscriber; a subscriber receives the changes published after it subscribed.
  /// - Complexity: Each publication costs one `SectionedListDiff`.
  public func sectionedListChanges<Section: DiffableSection>()
    -> SharedChanges<SectionedListChange<Section>>
  where Value == [Section] {
    SharedChanges(
      storage.shared(SectionedListChangeFeed<Section>.self) { SectionedListChangeFeed(self) }.relay)
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

/// Computes each list change once and passes it to every subscriber.
final class ListChangeFeed<Item: Diffable & Equatable>: @unchecked Sendable {
  // Both fields are set in init and never change.
  let relay = PassthroughRelay<ListChange<Item>>()
  private var subscription: AnyCancellable?

  init(_ publisher: DiffPublisher<[Item]>) {
    let relay = self.relay
    subscription = publisher.changes.sink { change in
      relay.send(ListChange(old: change.old, new: change.new))
    }
  }
}

/// Computes each sectioned change once and passes it to every subscriber.
final class SectionedListChangeFeed<Section: DiffableSection & Equatable>: @unchecked Sendable {
  // Both fields are set in init and never change.
  let relay = PassthroughRelay<SectionedListChange<Section>>()
  private var subscription: AnyCancellable?

  init(_ publisher: DiffPublisher<[Section]>) {
    let relay = self.relay
    subscription = publisher.changes.sink { change in
      relay.send(SectionedListChange(old: change.old, new: change.new))
    }
  }
}
