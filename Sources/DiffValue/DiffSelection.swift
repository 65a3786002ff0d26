/// The selection of a `@Diff` as `changes` reports it: which parts count, named by key path,
/// and the part read by `select:`.
///
/// The comparison that runs on every write is not kept here: `Diff`'s initializers hand it to
/// the relay directly, so that it stays specialized code, reached through one closure call.
@usableFromInline
struct DiffSelection<Value: Equatable> {
  /// The parts named by key path, without repeats, in the order given.
  @usableFromInline let keyPathParts: [DiffableKeyPath<Value>]
  /// Whether the values the `select:` closure reads agree, when there is one.
  @usableFromInline let selectedValuesAreEqual: ((Value, Value) -> Bool)?

  /// Whether the selection is the whole value, compared with `==`.
  @inlinable
  var comparesWholeValue: Bool { keyPathParts.isEmpty && selectedValuesAreEqual == nil }

  /// The whole value.
  @inlinable
  init() {
    keyPathParts = []
    selectedValuesAreEqual = nil
  }

  /// Parts named by key path, repeats counted once, and the part `select:` reads.
  @inlinable
  init(keyPaths: [DiffableKeyPath<Value>], selected: ((Value, Value) -> Bool)?) {
    keyPathParts = DiffSelection.unique(keyPaths)
    selectedValuesAreEqual = selected
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
