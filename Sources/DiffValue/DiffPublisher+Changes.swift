/// One published transition of a `@Diff` value: the value before, the value after, and which
/// selected parts differ.
public struct DiffChange<Value> {
  /// The value published before, as this subscriber last received it (a subscriber with
  /// limited demand may have skipped values in between).
  public let old: Value
  /// The value published now.
  public let new: Value
  /// The selected key paths whose values differ; `[\Value.self]` when the whole value is
  /// compared.
  public let changedKeyPaths: [PartialKeyPath<Value>]

  /// Creates a change.
  ///
  /// - Parameters:
  ///   - old: The value published before.
  ///   - new: The value published now.
  ///   - changedKeyPaths: The selected key paths whose values differ.
  @inlinable
  public init(old: Value, new: Value, changedKeyPaths: [PartialKeyPath<Value>]) {
    self.old = old
    self.new = new
    self.changedKeyPaths = changedKeyPaths
  }

  /// Whether the part at `keyPath` is among the changed ones.
  ///
  /// - Parameter keyPath: A selected key path.
  /// - Returns: `true` when it changed in this transition.
  @inlinable
  public func changed(_ keyPath: PartialKeyPath<Value>) -> Bool {
    changedKeyPaths.contains(keyPath) || changedKeyPaths.contains(\Value.self)
  }
}

// Key paths are immutable values; Swift does not declare `PartialKeyPath` sendable.
extension DiffChange: @unchecked Sendable where Value: Sendable {}
extension DiffChange: Equatable where Value: Equatable {}

extension DiffPublisher {
  /// A publisher of each published transition, from subscription on: the old value, the new
  /// one and which selected parts changed.
  ///
  /// The current value at subscription is the first `old`; nothing is sent until the next
  /// publication.
  ///
  /// ```swift
  /// $state.changes.sink { change in
  ///   if change.changed(\.email) { validate(change.new.email) }
  /// }
  /// ```
  @inlinable
  public var changes: DiffChanges<Value> { DiffChanges(storage: storage) }
}

/// The publisher of a `@Diff` property's transitions; see `DiffPublisher.changes`.
public struct DiffChanges<Value: Equatable>: Publisher {
  /// One transition.
  public typealias Output = DiffChange<Value>
  /// Never fails.
  public typealias Failure = Never

  @usableFromInline let storage: DiffStorage<Value>

  @inlinable init(storage: DiffStorage<Value>) { self.storage = storage }

  /// Attaches a subscriber; it receives each transition after the current value.
  @inlinable
  public func receive<S: Subscriber>(subscriber: S)
  where S.Input == DiffChange<Value>, S.Failure == Never {
    storage.relay.subscribe(Inner(downstream: subscriber, selection: storage.selection))
  }

  // Not Sendable: `previous` is touched only by the relay's calls, which never overlap.
  @usableFromInline
  final class Inner<Downstream: Subscriber>: Subscriber
  where Downstream.Input == DiffChange<Value>, Downstream.Failure == Never {
    @usableFromInline let downstream: Downstream
    @usableFromInline let selection: DiffSelection<Value>
    @exclusivity(unchecked) @usableFromInline var previous: Value?

    @inlinable
    init(downstream: Downstream, selection: DiffSelection<Value>) {
      self.downstream = downstream
      self.selection = selection
    }

    @inlinable
    func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }

    @inlinable
    func receive(_ input: Value) -> Subscribers.Demand {
      guard let old = previous else {
        previous = input
        return .max(1)  // the current value is the baseline, not a change: ask for another
      }
      previous = input
      let changed =
        selection.parts.isEmpty
        ? [\Value.self] : selection.changedKeyPaths(from: old, to: input)
      // With limited demand the relay hands over only the latest value, which may have come
      // back to what this subscriber last saw: not a change for it.
      if changed.isEmpty { return .max(1) }
      return downstream.receive(DiffChange(old: old, new: input, changedKeyPaths: changed))
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Never>) {
      downstream.receive(completion: completion)
    }
  }
}
