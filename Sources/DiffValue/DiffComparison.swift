import Relay

// The building blocks of a `@Diff` selection's comparison. `Diff`'s initializers are
// `@inlinable` and name each part's type, so at the user's call site a selection becomes one
// nested value of these types, such as `DiffBoth<DiffPart<S, String>, DiffPart<S, Int>>`, and
// its comparison one piece of code specialized for those types: each part compared with its
// own `==`, in place, with no call through a closure or a protocol witness.
//
// The comparison works on the two values' addresses, never on copies: the relay hands them
// over by address (see `DiffStorage.init`), stored properties are compared where they lie,
// and parts read by key path or closure are read from there (see `diffRead`).
//
// Parameter packs cannot do this by themselves: Swift 6.3 keeps the element types of a pack
// dynamic even in a specialized function, so each element would be compared through its
// `Equatable` witness. The fixed-arity initializers (see `Diff+KeyPaths.generated.swift`) give
// every part its own generic parameter instead.

/// Compares some parts of two values.
@usableFromInline
protocol DiffComparison<Root> {
  associatedtype Root
  /// The parts this compares, copied out of a value: what an in-place write compares the
  /// changed value with, the old one being changed where it lies.
  associatedtype Snapshot

  /// Whether the two values at these addresses agree on the parts this compares.
  ///
  /// - Parameters:
  ///   - old: Where one `Root` value lies.
  ///   - new: Where the other lies.
  func agrees(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool

  /// Copies the parts this compares out of the `Root` value at `value`.
  func snapshot(_ value: UnsafeRawPointer) -> Snapshot

  /// Whether the `Root` value at `new` agrees with `snapshot` on the parts this compares.
  func agrees(_ snapshot: borrowing Snapshot, _ new: UnsafeRawPointer) -> Bool

  /// Adds what this compares to `description`, for `changes` to name: its key paths, in order,
  /// its `select:` closure's comparison, or the whole value.
  func describe(into description: inout DiffSelectionDescription<Root>)
}

/// What a selection compares, as `changes` reports it.
@usableFromInline
struct DiffSelectionDescription<Root> {
  /// The parts named by key path, in the order given.
  @usableFromInline var keyPaths: [DiffableKeyPath<Root>] = []
  /// Whether the values the `select:` closures read agree, when there are any.
  @usableFromInline var selectedAgree: ((Root, Root) -> Bool)?
  /// Whether the whole value is compared with `==`.
  @usableFromInline var wholeValue = false

  @inlinable init() {}
}

extension DiffComparison {
  /// This comparison, then `next`.
  @inlinable
  func and<Next: DiffComparison<Root>>(_ next: Next) -> DiffBoth<Self, Next> {
    DiffBoth(first: self, second: next)
  }
}

/// One part selected by key path: compared in place when it is a stored property, read
/// through the key path otherwise.
@usableFromInline
struct DiffPart<Root, Property: Equatable>: DiffComparison {
  /// The key path, and the byte offset of the stored property it names in `Root`, or -1 when
  /// it names none (computed, optional-chained, through a class).
  @usableFromInline let part: KeyPathRead<Root, Property>

  @inlinable var keyPath: KeyPath<Root, Property> { part.keyPath }
  @inlinable var offset: Int { part.offset }

  @inlinable
  init(_ keyPath: KeyPath<Root, Property>) { part = KeyPathRead(keyPath) }

  @inlinable @inline(__always)
  func agrees(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
    if offset < 0 {
      return diffRead(old, as: Root.self, keyPath) == diffRead(new, as: Root.self, keyPath)
    }
    return diffPartsAreEqual(old + offset, new + offset, as: Property.self)
  }

  @inlinable @inline(__always)
  func snapshot(_ value: UnsafeRawPointer) -> Property {
    if offset < 0 { return diffRead(value, as: Root.self, keyPath) }
    return (value + offset).assumingMemoryBound(to: Property.self).pointee
  }

  @inlinable @inline(__always)
  func agrees(_ snapshot: borrowing Property, _ new: UnsafeRawPointer) -> Bool {
    if offset < 0 { return snapshot == diffRead(new, as: Root.self, keyPath) }
    return withUnsafePointer(to: snapshot) {
      diffPartsAreEqual(UnsafeRawPointer($0), new + offset, as: Property.self)
    }
  }

  @inlinable
  func describe(into description: inout DiffSelectionDescription<Root>) {
    description.keyPaths.append(DiffableKeyPath(keyPath))
  }
}

/// A part read by a closure, for `select:`.
@usableFromInline
struct DiffSelector<Root, Selected: Equatable>: DiffComparison {
  @usableFromInline let select: (Root) -> Selected

  @inlinable
  init(_ select: @escaping (Root) -> Selected) { self.select = select }

  @inlinable @inline(__always)
  func agrees(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
    diffRead(old, as: Root.self, select) == diffRead(new, as: Root.self, select)
  }

  @inlinable @inline(__always)
  func snapshot(_ value: UnsafeRawPointer) -> Selected { diffRead(value, as: Root.self, select) }

  @inlinable @inline(__always)
  func agrees(_ snapshot: borrowing Selected, _ new: UnsafeRawPointer) -> Bool {
    snapshot == diffRead(new, as: Root.self, select)
  }

  @inlinable
  func describe(into description: inout DiffSelectionDescription<Root>) {
    let select = self.select
    let agree: (Root, Root) -> Bool = { select($0) == select($1) }
    if let earlier = description.selectedAgree {
      description.selectedAgree = { earlier($0, $1) && agree($0, $1) }
    } else {
      description.selectedAgree = agree
    }
  }
}

/// Two comparisons, the first one first.
@usableFromInline
struct DiffBoth<First: DiffComparison, Second: DiffComparison>: DiffComparison
where First.Root == Second.Root {
  @usableFromInline typealias Root = First.Root
  @usableFromInline let first: First
  @usableFromInline let second: Second

  @inlinable
  init(first: First, second: Second) {
    self.first = first
    self.second = second
  }

  @inlinable @inline(__always)
  func agrees(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
    first.agrees(old, new) && second.agrees(old, new)
  }

  @inlinable @inline(__always)
  func snapshot(_ value: UnsafeRawPointer) -> (First.Snapshot, Second.Snapshot) {
    (first.snapshot(value), second.snapshot(value))
  }

  @inlinable @inline(__always)
  func agrees(_ snapshot: borrowing (First.Snapshot, Second.Snapshot), _ new: UnsafeRawPointer)
    -> Bool
  {
    first.agrees(snapshot.0, new) && second.agrees(snapshot.1, new)
  }

  @inlinable
  func describe(into description: inout DiffSelectionDescription<Root>) {
    first.describe(into: &description)
    second.describe(into: &description)
  }
}

/// No part: the end of a chain.
@usableFromInline
struct DiffNothing<Root>: DiffComparison {
  @inlinable init() {}

  @inlinable @inline(__always)
  func agrees(_: UnsafeRawPointer, _: UnsafeRawPointer) -> Bool { true }

  @inlinable @inline(__always)
  func snapshot(_: UnsafeRawPointer) {}

  @inlinable @inline(__always)
  func agrees(_: borrowing Void, _: UnsafeRawPointer) -> Bool { true }

  @inlinable
  func describe(into description: inout DiffSelectionDescription<Root>) {}
}

/// The whole value, compared with `==`: `@Diff var state`.
@usableFromInline
struct DiffWholeValue<Root: Equatable>: DiffComparison {
  @inlinable init() {}

  @inlinable @inline(__always)
  func agrees(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
    diffPartsAreEqual(old, new, as: Root.self)
  }

  @inlinable @inline(__always)
  func snapshot(_ value: UnsafeRawPointer) -> Root {
    value.assumingMemoryBound(to: Root.self).pointee
  }

  @inlinable @inline(__always)
  func agrees(_ snapshot: borrowing Root, _ new: UnsafeRawPointer) -> Bool {
    withUnsafePointer(to: snapshot) { diffPartsAreEqual(UnsafeRawPointer($0), new, as: Root.self) }
  }

  @inlinable
  func describe(into description: inout DiffSelectionDescription<Root>) {
    description.wholeValue = true
  }
}

/// Parts whose types are known only at run time: each compared through its own closure.
///
/// What a `keyPaths:` array and a parameter pack of key paths become. Each closure runs the
/// code of the `DiffableKeyPath` it comes from, specialized where that was made.
@usableFromInline
struct DiffPartList<Root>: DiffComparison {
  /// The parts' closures chained into one, each calling the next: a closure calls what it
  /// captured as it is, where a loop over an array would retain and release each closure it
  /// takes out.
  @usableFromInline let compare: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
  @usableFromInline let parts: [DiffableKeyPath<Root>]

  @inlinable
  init(_ parts: [DiffableKeyPath<Root>]) {
    self.parts = parts
    var compare: (UnsafeRawPointer, UnsafeRawPointer) -> Bool = { _, _ in true }
    for part in parts.reversed() {
      let (first, rest) = (part.compare, compare)
      compare = { first($0, $1) && rest($0, $1) }
    }
    self.compare = compare
  }

  @inlinable
  func agrees(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool { compare(old, new) }

  /// Each part's comparison with its copy of the part, taken where the list was made.
  @inlinable
  func snapshot(_ value: UnsafeRawPointer) -> [(UnsafeRawPointer) -> Bool] {
    parts.map { $0.snapshotComparison(value) }
  }

  @inlinable
  func agrees(_ snapshot: borrowing [(UnsafeRawPointer) -> Bool], _ new: UnsafeRawPointer) -> Bool {
    snapshot.allSatisfy { $0(new) }
  }

  @inlinable
  func describe(into description: inout DiffSelectionDescription<Root>) {
    description.keyPaths += parts
  }
}

/// Reads a part of the `Root` value at `address` through a key path, without copying the
/// value: through `inout`, the key path reads it where it lies.
@inlinable @inline(__always)
func diffRead<Root, Part>(
  _ address: UnsafeRawPointer, as _: Root.Type, _ keyPath: KeyPath<Root, Part>
) -> Part {
  diffRead(
    &UnsafeMutableRawPointer(mutating: address).assumingMemoryBound(to: Root.self).pointee,
    keyPath)
}

@inlinable @inline(__always)
func diffRead<Root, Part>(_ value: inout Root, _ keyPath: KeyPath<Root, Part>) -> Part {
  value[keyPath: keyPath]
}

/// Reads a part of the `Root` value at `address` with a closure, without copying the value:
/// read through `pointee`, the value would be copied first, with a retain of each reference it
/// holds; lent from an `inout` access, it is borrowed.
@inlinable @inline(__always)
func diffRead<Root, Part>(
  _ address: UnsafeRawPointer, as _: Root.Type, _ read: (Root) -> Part
) -> Part {
  diffRead(
    &UnsafeMutableRawPointer(mutating: address).assumingMemoryBound(to: Root.self).pointee,
    read)
}

@inlinable @inline(__always)
func diffRead<Root, Part>(_ value: inout Root, _ read: (Root) -> Part) -> Part { read(value) }
