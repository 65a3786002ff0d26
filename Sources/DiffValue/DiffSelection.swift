/// The selection of a `@Diff`: which parts of the value count, and the one comparison that
/// checks them on every write.
@usableFromInline
struct DiffSelection<Value: Equatable> {
  /// The parts named by key path, without repeats, in the order given: what `changes` reports.
  @usableFromInline let keyPathParts: [DiffableKeyPath<Value>]
  /// Whether the values the `select:` closure reads agree, when there is one.
  @usableFromInline let selectedValuesAreEqual: ((Value, Value) -> Bool)?
  /// Whether `new` repeats `old` on every selected part. Built where the selection is written,
  /// so it runs code specialized for the parts' types.
  @usableFromInline let isDuplicate: (Value, Value) -> Bool

  /// Whether the selection is the whole value, compared with `==`.
  @inlinable
  var comparesWholeValue: Bool { keyPathParts.isEmpty && selectedValuesAreEqual == nil }

  /// The whole value, compared with `Value`'s `==`.
  @inlinable
  init() {
    keyPathParts = []
    selectedValuesAreEqual = nil
    isDuplicate = { $0 == $1 }
  }

  /// The parts `parts` compares, named by `keyPaths` for `changes`.
  ///
  /// The values are borrowed where they lie, once for all parts; stored properties are
  /// compared there, without copying them.
  @inlinable
  init<Parts: DiffComparison<Value>>(
    _ parts: Parts, keyPaths: [DiffableKeyPath<Value>],
    selected: ((Value, Value) -> Bool)? = nil
  ) {
    keyPathParts = DiffSelection.unique(keyPaths)
    selectedValuesAreEqual = selected
    isDuplicate = { old, new in
      withUnsafePointer(to: old) { oldAddress in
        withUnsafePointer(to: new) { newAddress in
          parts.agrees(old, new, UnsafeRawPointer(oldAddress), UnsafeRawPointer(newAddress))
        }
      }
    }
  }

  /// The parts `parts` compares, named by `keyPaths`, and the value `select` reads.
  @inlinable
  init<Parts: DiffComparison<Value>, Selected: Equatable>(
    _ parts: Parts, keyPaths: [DiffableKeyPath<Value>],
    select: @escaping @Sendable (Value) -> Selected
  ) {
    self.init(
      parts.and(DiffSelector(select)), keyPaths: keyPaths,
      selected: { select($0) == select($1) })
  }

  /// Parts given as `DiffableKeyPath`s; none means the whole value.
  @inlinable
  init(_ parts: [DiffableKeyPath<Value>]) {
    if parts.isEmpty {
      self.init()
    } else {
      let unique = DiffSelection.unique(parts)
      self.init(DiffPartList(unique), keyPaths: unique)
    }
  }

  /// Parts given as a parameter pack of key paths; none means the whole value.
  ///
  /// Each part is compared through its type's `Equatable` conformance: Swift 6.3 does not
  /// specialize code for the elements of a pack. The fixed-arity forms are specialized.
  @inlinable
  init<each Property: Equatable>(_ keyPaths: repeat KeyPath<Value, each Property>) {
    self.init(DiffSelection.parts(repeat each keyPaths))
  }

  /// Parts given as a parameter pack of key paths, and the value `select` reads.
  @inlinable
  init<each Property: Equatable, Selected: Equatable>(
    _ keyPaths: repeat KeyPath<Value, each Property>,
    select: @escaping @Sendable (Value) -> Selected
  ) {
    let parts = DiffSelection.unique(DiffSelection.parts(repeat each keyPaths))
    self.init(DiffPartList(parts), keyPaths: parts, select: select)
  }

  /// A `DiffableKeyPath` for each key path of a pack.
  @inlinable
  static func parts<each Property: Equatable>(
    _ keyPaths: repeat KeyPath<Value, each Property>
  ) -> [DiffableKeyPath<Value>] {
    var parts: [DiffableKeyPath<Value>] = []
    for keyPath in repeat each keyPaths { parts.append(DiffableKeyPath(keyPath)) }
    return parts
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

  /// The selected key paths whose values differ between two values.
  @inlinable
  func changedKeyPaths(from old: Value, to new: Value) -> [PartialKeyPath<Value>] {
    keyPathParts.filter { !$0.valuesAreEqual(old, new) }.map(\.keyPath)
  }
}
