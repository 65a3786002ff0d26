/// One published change of a list: the list before, the list after, and their diff.
public struct ListChange<Item: Diffable> {
  /// The list as it was published before.
  public let old: [Item]
  /// The list as it is published now.
  public let new: [Item]
  /// The inserts, deletes, moves and updates between them.
  public let diff: ListDiff

  /// Creates a change, computing the diff.
  ///
  /// - Parameters:
  ///   - old: The list before.
  ///   - new: The list after.
  /// - Complexity: Expected O(*n* + *m*), as `ListDiff(old:new:)`.
  @inlinable
  public init(old: [Item], new: [Item]) {
    self.init(old: old, new: new, diff: ListDiff(old: old, new: new))
  }

  /// Creates a change from a diff already computed.
  ///
  /// - Parameters:
  ///   - old: The list before.
  ///   - new: The list after.
  ///   - diff: `ListDiff(old: old, new: new)`.
  @inlinable
  public init(old: [Item], new: [Item], diff: ListDiff) {
    self.old = old
    self.new = new
    self.diff = diff
  }
}

extension ListChange: Sendable where Item: Sendable {}
