/// A key path to an `Equatable` part of a value, with the comparison `@Diff` uses for it.
///
/// It selects a part of a `@Diff` property's value and nothing else: despite its name, it has
/// nothing to do with `Diffable`, the protocol of list items. Make one with `.diffable` on a
/// key path, to select parts in an array:
///
/// ```swift
/// @Diff(keyPaths: [(\State.title).diffable, (\State.count).diffable]) var state: State
/// ```
///
/// A key path to a stored property of a struct, nested or not, is compared in place through
/// its byte offset, without the cost of reading through the key path; any other key path
/// (computed, optional-chained, through a class) is compared by reading it, which goes through
/// the runtime's key-path machinery on every write. The comparison is specialized for the
/// part's type where the `DiffableKeyPath` is made, so make it where the key path is written.
public struct DiffableKeyPath<Root> {
  /// The selected key path.
  public let keyPath: PartialKeyPath<Root>
  /// Whether the two values at these addresses agree on this part.
  @usableFromInline let compare: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
  /// Copies this part out of the value at an address, and returns whether the value at
  /// another address agrees with the copy: what an in-place write compares.
  @usableFromInline let snapshotComparison: (UnsafeRawPointer) -> (UnsafeRawPointer) -> Bool

  /// Selects the part of `Root` at `keyPath`.
  ///
  /// - Parameter keyPath: A key path to an `Equatable` value.
  @inlinable
  public init<Property: Equatable>(_ keyPath: KeyPath<Root, Property>) {
    self.keyPath = keyPath
    let part = DiffPart(keyPath)
    compare = { part.agrees($0, $1) }
    snapshotComparison = { value in
      let snapshot = part.snapshot(value)
      return { part.agrees(snapshot, $0) }
    }
  }

  /// Whether two values agree on this part.
  ///
  /// - Parameters:
  ///   - lhs: One value.
  ///   - rhs: The other value.
  /// - Returns: `true` when the selected parts are equal.
  /// - Complexity: The cost of the part's `==`.
  @inlinable
  public func valuesAreEqual(_ lhs: Root, _ rhs: Root) -> Bool {
    withUnsafePointer(to: lhs) { lhs in
      withUnsafePointer(to: rhs) { rhs in compare(UnsafeRawPointer(lhs), UnsafeRawPointer(rhs)) }
    }
  }
}

extension KeyPath where Value: Equatable {
  /// This key path, ready to select a part of a `@Diff` value.
  ///
  /// ```swift
  /// @Diff(keyPaths: (\State.title).diffable, (\State.count).diffable) var state: State
  /// ```
  @inlinable
  public var diffable: DiffableKeyPath<Root> { DiffableKeyPath(self) }
}

/// Whether the `Property` values at two addresses are equal, compared where they lie.
///
/// Passing them `inout` hands `==` the two addresses themselves: read through `pointee`, a
/// part whose type is not known here would first be copied, with a retain of everything it
/// holds, for each side.
@inlinable @inline(__always)
func diffPartsAreEqual<Property: Equatable>(
  _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, as _: Property.Type
) -> Bool {
  diffAreEqual(
    &UnsafeMutableRawPointer(mutating: lhs).assumingMemoryBound(to: Property.self).pointee,
    &UnsafeMutableRawPointer(mutating: rhs).assumingMemoryBound(to: Property.self).pointee)
}

/// `==` on two borrowed places; neither is written.
@inlinable @inline(__always)
func diffAreEqual<Property: Equatable>(_ lhs: inout Property, _ rhs: inout Property) -> Bool {
  lhs == rhs
}
