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
// `Equatable` witness. The fixed-arity initializers (see `Diff+KeyPaths.swift`) give every
// part its own generic parameter instead.

/// Compares some parts of two values.
@usableFromInline
protocol DiffComparison<Root> {
  associatedtype Root

  /// Whether the two values at these addresses agree on the parts this compares.
  ///
  /// - Parameters:
  ///   - old: Where one `Root` value lies.
  ///   - new: Where the other lies.
  func agrees(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool
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
  @usableFromInline let keyPath: KeyPath<Root, Property>
  /// The byte offset of the stored property in `Root`, or -1 when the key path is not a
  /// stored property of a struct (computed, optional-chained, through a class).
  @usableFromInline let offset: Int

  @inlinable
  init(_ keyPath: KeyPath<Root, Property>) {
    self.keyPath = keyPath
    offset = MemoryLayout<Root>.offset(of: keyPath) ?? -1
  }

  @inlinable @inline(__always)
  func agrees(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
    if offset < 0 {
      return diffRead(old, as: Root.self, keyPath) == diffRead(new, as: Root.self, keyPath)
    }
    return diffPartsAreEqual(old + offset, new + offset, as: Property.self)
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
}

/// No part: the end of a chain.
@usableFromInline
struct DiffNothing<Root>: DiffComparison {
  @inlinable init() {}

  @inlinable @inline(__always)
  func agrees(_: UnsafeRawPointer, _: UnsafeRawPointer) -> Bool { true }
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

  @inlinable
  init(_ parts: [DiffableKeyPath<Root>]) {
    var compare: (UnsafeRawPointer, UnsafeRawPointer) -> Bool = { _, _ in true }
    for part in parts.reversed() {
      let (first, rest) = (part.compare, compare)
      compare = { first($0, $1) && rest($0, $1) }
    }
    self.compare = compare
  }

  @inlinable
  func agrees(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool { compare(old, new) }
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
