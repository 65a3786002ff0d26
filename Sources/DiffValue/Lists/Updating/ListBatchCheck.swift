/// The rule UIKit would raise an exception for if `update` were applied to a view showing
/// `old` with `new` swapped in, comparing sections and items by identity and content; `nil`
/// when the batch is valid.
///
/// - Complexity: Expected O(*n* + *m* + *u*), as `BatchUpdateChecker.check`.
func batchViolation<Model: Diffable, Item: Diffable>(
  _ update: BatchUpdate, old: [ListSection<Model, Item>], new: [ListSection<Model, Item>]
) -> BatchUpdateViolation? {
  func compared(_ sections: [ListSection<Model, Item>])
    -> [ListSection<ComparedByContent<Model>, ComparedByContent<Item>>]
  {
    sections.map {
      ListSection(ComparedByContent($0.model), items: $0.items.map { ComparedByContent($0) })
    }
  }
  return BatchUpdateChecker.check(update, old: compared(old), new: compared(new))
}

/// A `Diffable` value made `Equatable` by its identity and content, for `BatchUpdateChecker`.
struct ComparedByContent<Value: Diffable>: Equatable {
  let value: Value

  init(_ value: Value) { self.value = value }

  static func == (lhs: ComparedByContent, rhs: ComparedByContent) -> Bool {
    lhs.value.diffIdentifier == rhs.value.diffIdentifier && lhs.value.isContentEqual(to: rhs.value)
  }
}
