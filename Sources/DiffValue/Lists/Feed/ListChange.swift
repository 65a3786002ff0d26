/// One published change of a list: the list before, the list after, and their diff.
public struct ListChange<Item: Diffable> {
  /// The list as it was published before.
  public let old: [Item]
  /// The list as it is published now.
  public let new: [Item]
  /// The inserts, deletes, moves and updates between them.
  public let diff: ListDiff
  /// Whether `diff` was computed here from `old` and `new`, so that an updater takes it on
  /// trust; one given from outside is checked first.
  @usableFromInline let diffIsComputed: Bool

  /// Creates a change, computing the diff.
  ///
  /// - Parameters:
  ///   - old: The list before.
  ///   - new: The list after.
  /// - Complexity: Expected O(*n* + *m*), as `ListDiff(old:new:)`.
  @inlinable
  public init(old: [Item], new: [Item]) {
    self.old = old
    self.new = new
    diff = ListDiff(old: old, new: new)
    diffIsComputed = true
  }

  /// Creates a change from a diff already computed.
  ///
  /// - Parameters:
  ///   - old: The list before.
  ///   - new: The list after.
  ///   - diff: `ListDiff(old: old, new: new)`. An updater checks that it turns `old` into
  ///     `new`, and diffs again when it does not.
  @inlinable
  public init(old: [Item], new: [Item], diff: ListDiff) {
    self.old = old
    self.new = new
    self.diff = diff
    diffIsComputed = false
  }
}

extension ListChange: Sendable where Item: Sendable {}
