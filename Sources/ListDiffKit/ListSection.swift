/// A section of a list: a model (its header, its identity) and the items it holds.
///
/// Sectioned diffs take and return arrays of sections, and ``BatchUpdateChecker`` checks batch
/// updates against them. When the model is ``Diffable``, so is the section: its identity and
/// its content are the model's, and its items are diffed one level down.
///
///     let sections = [
///       ListSection("Fruit", items: ["apple", "pear"]),
///       ListSection("Vegetables", items: ["leek"]),
///     ]
public struct ListSection<Model, Item> {
  /// The section's own value: what identifies it and what its header shows.
  public var model: Model

  /// The items in the section, in display order.
  public var items: [Item]

  /// Creates a section from its model and its items.
  ///
  /// - Parameters:
  ///   - model: The section's own value.
  ///   - items: The items in the section, in display order.
  @inlinable
  public init(_ model: Model, items: [Item]) {
    self.model = model
    self.items = items
  }
}

extension ListSection: Equatable where Model: Equatable, Item: Equatable {}

extension ListSection: Hashable where Model: Hashable, Item: Hashable {}

extension ListSection: Sendable where Model: Sendable, Item: Sendable {}

extension ListSection: Diffable where Model: Diffable {
  /// The model's identifier.
  @inlinable
  public var diffIdentifier: Model.DiffIdentifier { model.diffIdentifier }

  /// Returns whether the two sections' models show the same content; items are not compared.
  ///
  /// - Parameter other: The matched section from the other list.
  /// - Returns: `model.isContentEqual(to: other.model)`.
  @inlinable
  public func isContentEqual(to other: ListSection) -> Bool {
    model.isContentEqual(to: other.model)
  }
}

extension ListSection: CustomStringConvertible {
  /// The model followed by the items, such as `Fruit: ["apple", "pear"]`.
  public var description: String { "\(model): \(items)" }
}
