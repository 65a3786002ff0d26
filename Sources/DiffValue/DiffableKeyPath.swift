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
  @usableFromInline let comparison: Comparison

  /// How the part is compared.
  @usableFromInline
  enum Comparison {
    /// A stored property at a byte offset, compared where it lies in each value.
    case inPlace((UnsafeRawPointer, UnsafeRawPointer) -> Bool)
    /// Any other key path, compared by reading it from each value.
    case byReading((Root, Root) -> Bool)
  }

  /// Selects the part of `Root` at `keyPath`.
  ///
  /// - Parameter keyPath: A key path to an `Equatable` value.
  @inlinable
  public init<Property: Equatable>(_ keyPath: KeyPath<Root, Property>) {
    self.keyPath = keyPath
    guard let offset = MemoryLayout<Root>.offset(of: keyPath) else {
      comparison = .byReading { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
      return
    }
    // A selection given as a parameter pack reaches here unspecialized, so `Property`'s `==`
    // would run through its generic witness; for the standard library's common types, naming
    // the type makes the comparison specialized code.
    let compare: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
    switch Property.self {
    case is String.Type: compare = diffCompareInPlace(at: offset, as: String.self)
    case is Int.Type: compare = diffCompareInPlace(at: offset, as: Int.self)
    case is Bool.Type: compare = diffCompareInPlace(at: offset, as: Bool.self)
    case is Double.Type: compare = diffCompareInPlace(at: offset, as: Double.self)
    case is Float.Type: compare = diffCompareInPlace(at: offset, as: Float.self)
    case is Int64.Type: compare = diffCompareInPlace(at: offset, as: Int64.self)
    case is Int32.Type: compare = diffCompareInPlace(at: offset, as: Int32.self)
    case is UInt.Type: compare = diffCompareInPlace(at: offset, as: UInt.self)
    case is UInt64.Type: compare = diffCompareInPlace(at: offset, as: UInt64.self)
    case is String?.Type: compare = diffCompareInPlace(at: offset, as: String?.self)
    case is Int?.Type: compare = diffCompareInPlace(at: offset, as: Int?.self)
    default: compare = diffCompareInPlace(at: offset, as: Property.self)
    }
    comparison = .inPlace(compare)
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
    switch comparison {
    case .byReading(let compare): compare(lhs, rhs)
    case .inPlace(let compare):
      withUnsafePointer(to: lhs) { lhs in
        withUnsafePointer(to: rhs) { rhs in compare(UnsafeRawPointer(lhs), UnsafeRawPointer(rhs)) }
      }
    }
  }
}

/// Compares a stored property at `offset` of two values in place, without copying it.
@inlinable
func diffCompareInPlace<Property: Equatable>(
  at offset: Int, as _: Property.Type
) -> (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
  { lhs, rhs in
    (lhs + offset).assumingMemoryBound(to: Property.self).pointee
      == (rhs + offset).assumingMemoryBound(to: Property.self).pointee
  }
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
  ///
  /// Stored properties are compared where they lie in the two values, which are borrowed
  /// once for all of them; this runs once per write, so it is kept free of copies.
  @inlinable
  func isDuplicate() -> (Value, Value) -> Bool {
    if parts.isEmpty { return { $0 == $1 } }
    var inPlace: [(UnsafeRawPointer, UnsafeRawPointer) -> Bool] = []
    var byReading: [(Value, Value) -> Bool] = []
    for part in parts {
      switch part.comparison {
      case .inPlace(let compare): inPlace.append(compare)
      case .byReading(let compare): byReading.append(compare)
      }
    }
    if byReading.isEmpty, inPlace.count == 2 {
      let (first, second) = (inPlace[0], inPlace[1])
      return { old, new in
        withUnsafePointer(to: old) { old in
          withUnsafePointer(to: new) { new in
            first(UnsafeRawPointer(old), UnsafeRawPointer(new))
              && second(UnsafeRawPointer(old), UnsafeRawPointer(new))
          }
        }
      }
    }
    return { [inPlace, byReading] old, new in
      let samePlaces = withUnsafePointer(to: old) { old in
        withUnsafePointer(to: new) { new in
          inPlace.allSatisfy { $0(UnsafeRawPointer(old), UnsafeRawPointer(new)) }
        }
      }
      return samePlaces && byReading.allSatisfy { $0(old, new) }
    }
  }

  /// The selected key paths whose values differ between two values.
  @inlinable
  func changedKeyPaths(from old: Value, to new: Value) -> [PartialKeyPath<Value>] {
    parts.filter { !$0.valuesAreEqual(old, new) }.map(\.keyPath)
  }
}
