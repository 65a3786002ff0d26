import Relay

/// What a `@Diff` property compares, built once from the comparison its initializer
/// specializes: the comparison itself, the in-place write's check, and the parts as `changes`
/// names them.
///
/// A selection is immutable and shared: every property declared with the same key paths (one
/// declaration site, or several naming the same key paths) holds the same one, made the first
/// time (`shared`, through `DiffSelectionCache`); a selection with a `select:` closure, or built
/// from a parameter pack or an array of `DiffableKeyPath`s, is made per property. A part read
/// through `$property[\.part]` is a selection of that one key path, shared the same way.
@usableFromInline
final class DiffSelection<Value>: @unchecked Sendable {
  // Immutable after init; the closures are constants.
  /// Whether the values at two addresses agree on the selected parts.
  @usableFromInline let agrees: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
  /// The size and alignment of a copy of the selected parts, for an in-place write's check.
  @usableFromInline let snapshotSize: Int
  @usableFromInline let snapshotAlignment: Int
  /// Where that copy lies in a property's slots of in-place writes, after the value's slot: the
  /// first offset past the value that its alignment allows (`DiffStorage.allocateSlots(for:)`).
  @usableFromInline let snapshotOffset: Int
  /// Copies the selected parts of the value at the first address into the uninitialized slot at
  /// the second.
  @usableFromInline let takeSnapshot: (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void
  /// Whether the value at the second address agrees with the copy in the slot at the first,
  /// which it empties.
  @usableFromInline let agreesWithSnapshot: (UnsafeMutableRawPointer, UnsafeRawPointer) -> Bool
  /// The parts named by key path, without repeats, in the order given.
  @usableFromInline let keyPathParts: [DiffableKeyPath<Value>]
  /// Whether the values the `select:` closure reads agree, when there is one.
  @usableFromInline let selectedValuesAreEqual: ((Value, Value) -> Bool)?
  /// Whether the selection is the whole value, compared with `==`.
  @usableFromInline let comparesWholeValue: Bool
  /// A relay's duplicate check: the comparison, specialized where the selection was made,
  /// followed by the observers' tell when an observation is published in the observation word
  /// of the relay's keeper (its property's machinery, which the relay keeps alive).
  ///
  /// One for every property sharing the selection: each relay passes the address of its own
  /// keeper, where the check finds the word (`diffObservationWord(inMachineryAt:)`).
  @usableFromInline let isDuplicateTellingObservers: RelayDuplicateCheck

  /// The selection `parts` compares.
  @inlinable
  init<Parts: DiffComparison<Value>>(_ parts: Parts) {
    agrees = { parts.agrees($0, $1) }
    snapshotSize = MemoryLayout<Parts.Snapshot>.size
    snapshotAlignment = MemoryLayout<Parts.Snapshot>.alignment
    snapshotOffset = fieldOffset(after: MemoryLayout<Value>.size, alignment: snapshotAlignment)
    takeSnapshot = { value, slot in
      slot.assumingMemoryBound(to: Parts.Snapshot.self).initialize(to: parts.snapshot(value))
    }
    agreesWithSnapshot = { slot, new in
      // Moved out and dropped here, rather than deinitialized in place, which a client module
      // compiles into a destroy through the runtime's generic witnesses.
      let old = slot.assumingMemoryBound(to: Parts.Snapshot.self).move()
      return parts.agrees(old, new)
    }
    isDuplicateTellingObservers = RelayDuplicateCheck { old, new, machinery in
      let isDuplicate = parts.agrees(old, new)
      DiffObservation.tellIfObserved(
        at: diffObservationWord(inMachineryAt: machinery.unsafelyUnwrapped), old: old, new: new,
        published: !isDuplicate)
      return isDuplicate
    }
    var description = DiffSelectionDescription<Value>()
    parts.describe(into: &description)
    keyPathParts = DiffSelection.unique(description.keyPaths)
    selectedValuesAreEqual = description.selectedAgree
    comparesWholeValue = description.wholeValue
  }

  /// The parts without repeats of a key path, in their first order.
  @inlinable
  static func unique(_ parts: [DiffableKeyPath<Value>]) -> [DiffableKeyPath<Value>] {
    var unique: [DiffableKeyPath<Value>] = []
    for part in parts where !unique.contains(where: { $0.keyPath == part.keyPath }) {
      unique.append(part)
    }
    return unique
  }

  /// A `DiffableKeyPath` for each key path of a pack.
  ///
  /// Each compares its part through the type's `Equatable` conformance: Swift 6.3 does not
  /// specialize code for the elements of a pack.
  @inlinable
  static func parts<each Property: Equatable>(
    _ keyPaths: repeat KeyPath<Value, each Property>
  ) -> [DiffableKeyPath<Value>] {
    var parts: [DiffableKeyPath<Value>] = []
    for keyPath in repeat each keyPaths { parts.append(DiffableKeyPath(keyPath)) }
    return parts
  }

  /// The selected key paths whose values differ between two values.
  @inlinable
  func changedKeyPaths(from old: Value, to new: Value) -> [PartialKeyPath<Value>] {
    keyPathParts.filter { !$0.valuesAreEqual(old, new) }.map(\.keyPath)
  }

  /// The selection made once for `key`, or made by `make` now and kept for the next property
  /// with the same key.
  @inlinable
  static func shared(_ key: DiffSelectionKey, make: () -> DiffSelection<Value>)
    -> DiffSelection<Value>
  {
    if let found = DiffSelectionCache.selection(for: key) {
      return unsafeDowncast(found, to: DiffSelection<Value>.self)
    }
    return unsafeDowncast(DiffSelectionCache.keep(make(), for: key), to: DiffSelection<Value>.self)
  }
}

extension DiffSelection where Value: Equatable {
  /// The whole value compared with `==`, shared by every property of the type.
  @inlinable
  static var wholeValue: DiffSelection<Value> {
    shared(DiffSelectionKey(wholeValueOf: Value.self)) { DiffSelection(DiffWholeValue()) }
  }
}

extension DiffSelection {
  /// One part, shared by every property that selects or reads it: the selection of
  /// `@Diff(\.a)`, and of `$state[\.a]`.
  @inlinable
  static func shared<A: Equatable>(_ a: KeyPath<Value, A>) -> DiffSelection<Value> {
    shared(DiffSelectionKey(a)) { DiffSelection(DiffPart(a)) }
  }
}
