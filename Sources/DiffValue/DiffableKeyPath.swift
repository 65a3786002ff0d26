/// A key path to an `Equatable` part of a value, with the comparison `@Diff` uses for it.
///
/// Make one with `.diffable` on a key path, to select parts in an array:
///
/// ```swift
/// @Diff(keyPaths: [\State.title.diffable, \State.count.diffable]) var state: State
/// ```
///
/// A key path to a stored property of a struct, nested or not, is compared in place through
/// its byte offset, without the cost of reading through the key path; any other key path
/// (computed, optional-chained, through a class) is compared by reading it.
public struct DiffableKeyPath<Root> {
  /// The selected key path.
  public let keyPath: PartialKeyPath<Root>
  @usableFromInline let isEqual: (Root, Root) -> Bool

  /// Selects the part of `Root` at `keyPath`.
  ///
  /// - Parameter keyPath: A key path to an `Equatable` value.
  @inlinable
  public init<Property: Equatable>(_ keyPath: KeyPath<Root, Property>) {
    self.keyPath = keyPath
    if let offset = MemoryLayout<Root>.offset(of: keyPath) {
      isEqual = { lhs, rhs in
        withUnsafePointer(to: lhs) { lhs in
          withUnsafePointer(to: rhs) { rhs in
            let left = UnsafeRawPointer(lhs).advanced(by: offset)
            let right = UnsafeRawPointer(rhs).advanced(by: offset)
            return left.assumingMemoryBound(to: Property.self).pointee
              == right.assumingMemoryBound(to: Property.self).pointee
          }
        }
      }
    } else {
      isEqual = { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
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
  public func valuesAreEqual(_ lhs: Root, _ rhs: Root) -> Bool { isEqual(lhs, rhs) }
}

extension KeyPath where Value: Equatable {
  /// This key path, ready to select a part of a `@Diff` value.
  ///
  /// ```swift
  /// @Diff(keyPaths: \State.title.diffable, \State.count.diffable) var state: State
  /// ```
  @inlinable
  public var diffable: DiffableKeyPath<Root> { DiffableKeyPath(self) }
}

/// The selection of a `@Diff`: which parts of the value count, without repeats.
@usableFromInline
struct DiffSelection<Value: Equatable> {
  /// The selected parts; empty means the whole value, compared with `==`.
  @usableFromInline var parts: [DiffableKeyPath<Value>] = []

  @inlinable init() {}

  /// Adds a part unless the same key path is already selected.
  @inlinable
  mutating func add(_ part: DiffableKeyPath<Value>) {
    if !parts.contains(where: { $0.keyPath == part.keyPath }) { parts.append(part) }
  }

  @inlinable
  init(_ parts: [DiffableKeyPath<Value>]) {
    for part in parts { add(part) }
  }

  @inlinable
  init<each Property: Equatable>(_ keyPaths: repeat KeyPath<Value, each Property>) {
    for keyPath in repeat each keyPaths { add(DiffableKeyPath(keyPath)) }
  }

  /// Whether `new` repeats `old` on every selected part.
  @inlinable
  func isDuplicate() -> (Value, Value) -> Bool {
    let parts = self.parts
    switch parts.count {
    case 0: return { $0 == $1 }
    case 1:
      let first = parts[0].isEqual
      return first
    case 2:
      let first = parts[0].isEqual
      let second = parts[1].isEqual
      return { first($0, $1) && second($0, $1) }
    default:
      return { old, new in parts.allSatisfy { $0.isEqual(old, new) } }
    }
  }

  /// The selected key paths whose values differ between two values.
  @inlinable
  func changedKeyPaths(from old: Value, to new: Value) -> [PartialKeyPath<Value>] {
    parts.filter { !$0.isEqual(old, new) }.map(\.keyPath)
  }
}
