/// Events waiting for a relay's delivery sequence, first in, first out.
///
/// Each event remembers whether the thread delivering at the time queued it itself (a value
/// sent from inside a subscriber): that thread may deliver such events before it returns, and
/// hands everything else to the drainer. Apart from that, each remembers whether it must be
/// kept whatever the backlog limit: a value sent from inside a round, by the thread running it
/// at the time, even when it reaches the backlog later (held behind a `modify`).
///
/// - Complexity: `append` and `popFirst` are amortized O(1); `removeCurrentValue(for:)`,
///   `droppableValueCount` and `removeOldestDroppableValue()` are O(*n*), used only when a
///   subscriber cancels or a backlog limit is set.
@usableFromInline
struct RelayBacklog<Output> {
  @usableFromInline
  struct Entry {
    @usableFromInline var event: RelayEvent<Output>
    @usableFromInline var isDeliverersOwn: Bool
    @usableFromInline var isKept: Bool

    @inlinable init(event: RelayEvent<Output>, isDeliverersOwn: Bool, isKept: Bool) {
      self.event = event
      self.isDeliverersOwn = isDeliverersOwn
      self.isKept = isKept
    }
  }

  /// The entries from `head` on are waiting; those before it were read and are `nil`.
  @usableFromInline var entries: [Entry?] = []
  @usableFromInline var head = 0

  @inlinable init() {}

  @inlinable
  var isEmpty: Bool { head == entries.endIndex }

  @inlinable
  var count: Int { entries.endIndex - head }

  /// The first waiting entry.
  @inlinable
  var first: Entry? { isEmpty ? nil : entries[head] }

  /// Queues an event; one the deliverer queued itself is kept whatever the limit.
  @inlinable
  mutating func append(_ event: RelayEvent<Output>, isDeliverersOwn: Bool) {
    append(event, isDeliverersOwn: isDeliverersOwn, isKept: isDeliverersOwn)
  }

  @inlinable
  mutating func append(_ event: RelayEvent<Output>, isDeliverersOwn: Bool, isKept: Bool) {
    entries.append(Entry(event: event, isDeliverersOwn: isDeliverersOwn, isKept: isKept))
  }

  /// Moves the first waiting event out.
  @inlinable
  mutating func popFirst() -> RelayEvent<Output>? {
    guard !isEmpty else { return nil }
    let entry = entries[head].take()
    head += 1
    if head == entries.endIndex {
      // Everything was moved out, so no value is released here, under the lock.
      entries.removeAll(keepingCapacity: entries.capacity <= 64)
      head = 0
    } else if head >= 64, head * 2 >= entries.endIndex {
      entries.removeFirst(head)
      head = 0
    }
    return entry?.event
  }

  /// The last value waiting, if any.
  @inlinable
  var lastValue: Output? {
    var index = entries.endIndex
    while index > head {
      index -= 1
      if case .value(let value)? = entries[index]?.event { return value }
    }
    return nil
  }

  /// Takes out the current value waiting for one subscriber, to be released outside the lock.
  @inlinable
  mutating func removeCurrentValue(for id: UInt64) -> RelayEvent<Output>? {
    guard
      let position = entries[head...].firstIndex(where: {
        if case .currentValue(let owner)? = $0?.event { owner == id } else { false }
      })
    else { return nil }
    let removed = entries.remove(at: position)
    return removed?.event
  }

  /// How many values are waiting that a backlog limit may drop.
  @inlinable
  var droppableValueCount: Int { entries[head...].count { Self.isDroppable($0) } }

  /// Takes out the oldest waiting value that a backlog limit may drop.
  @inlinable
  mutating func removeOldestDroppableValue() -> RelayEvent<Output>? {
    guard let position = entries[head...].firstIndex(where: { Self.isDroppable($0) }) else {
      return nil
    }
    if position == head { return popFirst() }
    return entries.remove(at: position)?.event
  }

  /// Whether an entry is a value that a backlog limit may drop.
  @inlinable
  static func isDroppable(_ entry: Entry?) -> Bool {
    guard let entry, case .value = entry.event else { return false }
    return !entry.isKept
  }

  /// Moves every waiting event out, oldest first.
  @inlinable
  mutating func takeAll() -> [RelayEvent<Output>] {
    var taken: [RelayEvent<Output>] = []
    while let event = popFirst() { taken.append(event) }
    return taken
  }
}
