// The building blocks of a `@Diff` selection's comparison. `Diff`'s initializers are
// `@inlinable` and name each part's type, so at the user's call site a selection becomes one
// nested value of these types, such as
// `DiffBoth<DiffPart<S, String>, DiffBoth<DiffPart<S, Int>, DiffNothing<S>>>`, and its
// comparison one piece of code specialized for those types: each part compared with its own
// `==`, in place, with no call through a closure or a protocol witness.
//
// Parameter packs cannot do this by themselves: Swift 6.3 keeps the element types of a pack
// dynamic even in a specialized function, so each element would be compared through its
// `Equatable` witness. The fixed-arity initializers (see `Diff+KeyPaths.swift`) give every
// part its own generic parameter instead.

/// Compares some parts of two values.
@usableFromInline
protocol DiffComparison<Root> {
  associatedtype Root

  /// Whether two values agree on the parts this compares.
  ///
  /// - Parameters:
  ///   - old: One value.
  ///   - new: The other value.
  ///   - oldAddress: Where `old` lies, for parts compared in place.
  ///   - newAddress: Where `new` lies.
  func agrees(
    _ old: Root, _ new: Root, _ oldAddress: UnsafeRawPointer, _ newAddress: UnsafeRawPointer
  ) -> Bool
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
  func agrees(
    _ old: Root, _ new: Root, _ oldAddress: UnsafeRawPointer, _ newAddress: UnsafeRawPointer
  ) -> Bool {
    if offset < 0 { return old[keyPath: keyPath] == new[keyPath: keyPath] }
    return diffPartsAreEqual(oldAddress + offset, newAddress + offset, as: Property.self)
  }
}

/// A part read by a closure, for `select:`.
@usableFromInline
struct DiffSelector<Root, Selected: Equatable>: DiffComparison {
  @usableFromInline let select: (Root) -> Selected

  @inlinable
  init(_ select: @escaping (Root) -> Selected) { self.select = select }

  @inlinable @inline(__always)
  func agrees(_ old: Root, _ new: Root, _: UnsafeRawPointer, _: UnsafeRawPointer) -> Bool {
    select(old) == select(new)
  }
}

/// Two comparisons, the first one first.
@usableFromInline
struct DiffBoth<First: DiffComparison, Second: DiffComparison>: DiffComparison
where First.Root == Second.Root {
  @usableFromInline let first: First
  @usableFromInline let second: Second

  @inlinable
  init(first: First, second: Second) {
    self.first = first
    self.second = second
  }

  @inlinable @inline(__always)
  func agrees(
    _ old: First.Root, _ new: First.Root, _ oldAddress: UnsafeRawPointer,
    _ newAddress: UnsafeRawPointer
  ) -> Bool {
    first.agrees(old, new, oldAddress, newAddress)
      && second.agrees(old, new, oldAddress, newAddress)
  }
}

/// No part: the end of a chain.
@usableFromInline
struct DiffNothing<Root>: DiffComparison {
  @inlinable init() {}

  @inlinable @inline(__always)
  func agrees(_: Root, _: Root, _: UnsafeRawPointer, _: UnsafeRawPointer) -> Bool { true }
}

/// Parts whose types are known only at run time: each compared through its own closure.
///
/// What a `keyPaths:` array and a parameter pack of key paths become. Each closure runs the
/// code of the `DiffableKeyPath` it comes from, specialized where that was made.
@usableFromInline
struct DiffPartList<Root>: DiffComparison {
  @usableFromInline let inPlace: [(UnsafeRawPointer, UnsafeRawPointer) -> Bool]
  @usableFromInline let byReading: [(Root, Root) -> Bool]

  @inlinable
  init(_ parts: [DiffableKeyPath<Root>]) {
    var inPlace: [(UnsafeRawPointer, UnsafeRawPointer) -> Bool] = []
    var byReading: [(Root, Root) -> Bool] = []
    for part in parts {
      switch part.comparison {
      case .inPlace(let compare): inPlace.append(compare)
      case .byReading(let compare): byReading.append(compare)
      }
    }
    self.inPlace = inPlace
    self.byReading = byReading
  }

  @inlinable
  func agrees(
    _ old: Root, _ new: Root, _ oldAddress: UnsafeRawPointer, _ newAddress: UnsafeRawPointer
  ) -> Bool {
    for compare in inPlace where !compare(oldAddress, newAddress) { return false }
    for compare in byReading where !compare(old, new) { return false }
    return true
  }
}
