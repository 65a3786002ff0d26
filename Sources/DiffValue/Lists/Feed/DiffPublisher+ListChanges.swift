extension DiffPublisher where Value: _DiffableArray {
  /// A publisher of the list's changes: each published list with the one before and their
  /// diff.
  ///
  /// The diff is computed once per published list, on the thread delivering it, and shared
  /// by every subscriber; a subscriber receives the changes published after it subscribed.
  /// While nobody subscribes, no diff is computed. It is a property, like `changes`.
  ///
  /// ```swift
  /// @Diff var items: [Contact] = []
  /// $items.listChanges.sink { change in print(change.diff.changeCount) }
  ///   .store(in: &subscriptions)
  /// ```
  /// - Complexity: Each publication costs one `ListDiff`, expected O(*n* + *m*).
  public var listChanges: ListChangePublisher<ListChange<Value.Element>> {
    let feed = storage.sharedObject(ChangeFeed<Value, ListChange<Value.Element>>.self) {
      ChangeFeed(self) { ListChange(old: $0._diffableItems, new: $1._diffableItems) }
    }
    return ListChangePublisher(feed.relay)
  }
}

extension DiffPublisher where Value: _DiffableArray, Value.Element: DiffableSection {
  /// A publisher of the sectioned list's changes: each published list of sections with the one
  /// before and their staged diff.
  ///
  /// The diff is computed once per published value, on the thread delivering it, and shared
  /// by every subscriber; a subscriber receives the changes published after it subscribed.
  /// While nobody subscribes, no diff is computed. It is a property, like `changes`.
  /// - Complexity: Each publication costs one `SectionedListDiff`.
  public var sectionedListChanges: ListChangePublisher<SectionedListChange<Value.Element>> {
    let feed = storage.sharedObject(
      ChangeFeed<Value, SectionedListChange<Value.Element>>.self
    ) {
      ChangeFeed(self) { SectionedListChange(old: $0._diffableItems, new: $1._diffableItems) }
    }
    return ListChangePublisher(feed.relay)
  }
}
