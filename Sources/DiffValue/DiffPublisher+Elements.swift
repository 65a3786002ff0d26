extension DiffPublisher where Value: _DiffableArray {
  /// The identifiers of the array's elements, in order, tracked for membership and order only.
  ///
  /// Read inside `withObservationTracking` (a SwiftUI `body`), its observers are told when an
  /// element is inserted, removed or moved, not when one's content changes: a list view reads
  /// the identifiers, and each row reads its own element with `[id:]`.
  ///
  /// ```swift
  /// List(model.$items.ids, id: \.self) { id in
  ///   RowView(model: model, id: id)   // reads model.$items[id: id]
  /// }
  /// ```
  ///
  /// - Complexity: O(1) when the array is the one last indexed; O(*n*) once after each write
  ///   that changed it, to index it (the index is kept, and shared with `[id:]`).
  @inlinable
  public var ids: [Value.Element.DiffIdentifier] { storage.readIdentifiers() }

  /// The first element with this identifier, or `nil` when none has it, tracked for that element
  /// alone.
  ///
  /// Read inside `withObservationTracking` (a SwiftUI `body`), its observers are told when the
  /// element's content changes (per `isContentEqual(to:)`), or it leaves or comes back; not when
  /// another element changes, nor when it moves. A row view reading its element this way is
  /// refreshed by its own changes alone, whatever the number of rows. (Its tracking is keyed by
  /// the identifier's hash: two identifiers whose 64-bit hashes are equal would each be told of
  /// the other's changes too, never miss one of their own.)
  ///
  /// - Parameter id: The element's identifier.
  /// - Complexity: O(1) when the array is the one last indexed; O(*n*) once after each write
  ///   that changed it.
  @inlinable
  public subscript(id id: Value.Element.DiffIdentifier) -> Value.Element? {
    storage.readElement(id)
  }
}

extension DiffPublisher where Value: _DiffableArray, Value.Element: Equatable {
  /// Changes the first element with this identifier in place, as one atomic write, and tells
  /// that element's observers; does nothing and returns `nil` when no element has it.
  ///
  /// A row's own action writes this way at a cost that does not grow with the array: the array is
  /// changed where it lies, and only the element is compared (and the selected parts, when the
  /// selection is not the whole value). It is published, as any write, when a selected part
  /// changed.
  ///
  /// ```swift
  /// model.$items.update(id: row.id) { $0.done.toggle() }
  /// ```
  ///
  /// With several elements of one identifier, the first is changed. Changing the element's own
  /// identifier is allowed: the identifiers' observers are told.
  ///
  /// - Parameters:
  ///   - id: The element's identifier.
  ///   - body: Changes the element.
  /// - Returns: What `body` returned, or `nil` when no element has the identifier.
  /// - Complexity: O(1) besides `body`, when the array is the one last indexed (by `[id:]`,
  ///   `ids` or an earlier `update`); O(*n*) to index it otherwise.
  @inlinable @discardableResult
  public func update<Result>(
    id: Value.Element.DiffIdentifier, _ body: (inout Value.Element) throws -> Result
  ) rethrows -> Result? {
    try storage.update(id: id, body)
  }
}
