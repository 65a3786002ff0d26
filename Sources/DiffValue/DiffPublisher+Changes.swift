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
  /// Whether the part read by the property's `select:` closure differs; `false` when it has
  /// none.
  public let selectedValueChanged: Bool

  /// Creates a change.
  ///
  /// - Parameters:
  ///   - old: The value published before.
  ///   - new: The value published now.
  ///   - changedKeyPaths: The selected key paths whose values differ.
  ///   - selectedValueChanged: Whether the part read by `select:` differs.
  @inlinable
  public init(
    old: Value, new: Value, changedKeyPaths: [PartialKeyPath<Value>],
    selectedValueChanged: Bool = false
  ) {
    self.old = old
    self.new = new
    self.changedKeyPaths = changedKeyPaths
    self.selectedValueChanged = selectedValueChanged
  }

  /// Whether the part at `keyPath` is among the changed ones.
  ///
  /// Only the selected key paths are compared: any other, a part of a selected one included
  /// (`\.address.city` under `\.address`), gives `false` whether or not it changed; compare
  /// `old` and `new` for such a part. When the whole value is selected, every key path gives
  /// `true` once it changed.
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
  ///   if change.selectedValueChanged { print("friend:", change.new.friend?.name ?? "none") }
  /// }
  /// .store(in: &subscriptions)
  /// ```
  /// - Complexity: One comparison of every selected part per publication and subscriber, to
  ///   work out which parts changed.
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
    storage.installedRelay().attach(Inner(downstream: subscriber, selection: storage.selection))
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
      if selection.comparesWholeValue {
        // Only a different value is published, but with limited demand the relay hands over
        // only the latest one, which may have come back to what this subscriber last saw.
        if old == input { return .max(1) }
        return downstream.receive(DiffChange(old: old, new: input, changedKeyPaths: [\Value.self]))
      }
      let changed = selection.changedKeyPaths(from: old, to: input)
      let selectedChanged = selection.selectedValuesAreEqual.map { !$0(old, input) } ?? false
      // Not a change for this subscriber if it came back to what it last saw (see above).
      if changed.isEmpty, !selectedChanged { return .max(1) }
      return downstream.receive(
        DiffChange(
          old: old, new: input, changedKeyPaths: changed, selectedValueChanged: selectedChanged))
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Never>) {
      downstream.receive(completion: completion)
    }
  }
}
