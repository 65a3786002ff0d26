#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Replays batch updates with UIKit's rules, for tests: it tells whether a change set turns
/// the old data into the new data, and which rule it breaks if not.
///
/// The checker applies a ``BatchUpdate`` to the old sections the way `UITableView` and
/// `UICollectionView` do inside `performBatchUpdates`, then compares what the view would show
/// with the new sections. It reports the first rule broken, as a ``BatchUpdateViolation``. The
/// rules it models, with their sources, are listed in
/// <doc:ListsAndBatchUpdates#The-checker-and-UIKits-rules>.
///
///     let update = ListDiff(old: old, new: new).batchUpdate()
///     #expect(BatchUpdateChecker.check(update, old: old, new: new) == nil)
public enum BatchUpdateChecker {
  /// Checks a batch update of a single-section list (section 0).
  ///
  /// - Parameters:
  ///   - update: The batch update; its index paths must name section 0.
  ///   - old: The items before the update.
  ///   - new: The items after the update.
  /// - Returns: `nil` if applying `update` to `old` with UIKit's rules shows `new`; otherwise
  ///   the first rule broken.
  /// - Complexity: Expected O(*n* + *m* + *u*) for *u* operations.
  public static func check<Item: Equatable>(
    _ update: BatchUpdate, old: [Item], new: [Item]
  ) -> BatchUpdateViolation? {
    check(update, old: [ListSection(0, items: old)], new: [ListSection(0, items: new)])
  }

  /// Checks a batch update of a sectioned list.
  ///
  /// - Parameters:
  ///   - update: The batch update.
  ///   - old: The sections before the update.
  ///   - new: The sections after the update.
  /// - Returns: `nil` if applying `update` to `old` with UIKit's rules shows `new`; otherwise
  ///   the first rule broken.
  /// - Complexity: Expected O(*n* + *m* + *u*) for *n* and *m* items and sections on each side
  ///   and *u* operations.
  public static func check<Model: Equatable, Item: Equatable>(
    _ update: BatchUpdate, old: [ListSection<Model, Item>], new: [ListSection<Model, Item>]
  ) -> BatchUpdateViolation? {
    _check(update, old: old, new: new, sameModel: ==, sameItem: ==)
  }

  /// Checks a batch update of a sectioned list of ``DiffableSection``s, counting sections and
  /// items as equal when their identifiers are equal and `isContentEqual(to:)` holds.
  internal static func _checkDiffable<Section: DiffableSection>(
    _ update: BatchUpdate, old: [Section], new: [Section]
  ) -> BatchUpdateViolation? {
    _check(
      update, old: old.map { ListSection($0, items: $0.items) },
      new: new.map { ListSection($0, items: $0.items) },
      sameModel: { _isSame($0, $1) }, sameItem: { _isSame($0, $1) })
  }

  /// Checks every stage of a sectioned diff: each must be valid from the data of the stage
  /// before it (the first from `old`), and the last must show `new`.
  ///
  /// Sections and items count as equal when their identifiers are equal and
  /// `isContentEqual(to:)` holds (a section's own content; its items are compared one by one).
  ///
  ///     let diff = SectionedListDiff(old: old, new: new)
  ///     #expect(BatchUpdateChecker.check(diff, old: old, new: new) == nil)
  ///
  /// - Parameters:
  ///   - diff: The sectioned diff.
  ///   - old: The sections before the first stage.
  ///   - new: The sections the last stage must show.
  /// - Returns: `nil` if every stage is valid and the result is `new`; otherwise the first
  ///   stage that fails, and why.
  /// - Complexity: Expected O(*s* (*n* + *m*) + *u*) for *s* stages and *u* operations in all.
  public static func check<Section: DiffableSection>(
    _ diff: SectionedListDiff<Section>, old: [Section], new: [Section]
  ) -> StageViolation? {
    var current = old
    for (index, stage) in diff.stages.enumerated() {
      if let violation = _checkDiffable(stage.update, old: current, new: stage.sections) {
        return StageViolation(stage: index, violation: violation)
      }
      current = stage.sections
    }
    if let mismatch = _firstDifference(
      current.map { ListSection($0, items: $0.items) },
      new.map { ListSection($0, items: $0.items) }, sameModel: { _isSame($0, $1) },
      sameItem: { _isSame($0, $1) })
    {
      return StageViolation(stage: Swift.max(0, diff.stages.count - 1), violation: mismatch)
    }
    return nil
  }

  /// Checks a batch update, comparing sections and items with the given predicates.
  private static func _check<Model, Item>(
    _ update: BatchUpdate, old: [ListSection<Model, Item>], new: [ListSection<Model, Item>],
    sameModel: (Model, Model) -> Bool, sameItem: (Item, Item) -> Bool
  ) -> BatchUpdateViolation? {
    switch apply(update, to: old, reference: new) {
    case .failure(let violation): return violation
    case .success(let shown):
      return _firstDifference(shown, new, sameModel: sameModel, sameItem: sameItem)
    }
  }

  /// Returns how `shown` first differs from `expected`, or `nil` if they are the same.
  private static func _firstDifference<Model, Item>(
    _ shown: [ListSection<Model, Item>], _ expected: [ListSection<Model, Item>],
    sameModel: (Model, Model) -> Bool, sameItem: (Item, Item) -> Bool
  ) -> BatchUpdateViolation? {
    if shown.count != expected.count {
      return .sectionCountMismatch(
        before: shown.count, after: expected.count, inserted: 0, deleted: 0)
    }
    for (index, (shownSection, expectedSection)) in zip(shown, expected).enumerated() {
      if !sameModel(shownSection.model, expectedSection.model) {
        return .staleSection(section: index)
      }
      if shownSection.items.count != expectedSection.items.count {
        return .itemCountMismatch(
          section: index, before: shownSection.items.count, after: expectedSection.items.count,
          inserted: 0, deleted: 0, movedIn: 0, movedOut: 0)
      }
      for (item, (shownItem, expectedItem)) in zip(shownSection.items, expectedSection.items)
        .enumerated()
      where !sameItem(shownItem, expectedItem) {
        return .wrongItem(_indexPath(index, item))
      }
    }
    return nil
  }

  /// Whether two values are the same item showing the same content.
  private static func _isSame<Value: Diffable>(_ first: Value, _ second: Value) -> Bool {
    first.diffIdentifier == second.diffIdentifier && first.isContentEqual(to: second)
  }

  /// Applies a batch update with UIKit's rules and returns what the view would show.
  ///
  /// Kept and moved sections and items keep their old values; inserted and reloaded ones
  /// take the value at their new position in `reference`, the data source after the update.
  ///
  /// - Parameters:
  ///   - update: The batch update.
  ///   - old: The sections the view shows before the update.
  ///   - reference: The data source after the update, which UIKit queries for counts and for
  ///     inserted and reloaded cells.
  /// - Returns: The sections the view shows after the update, or the first rule broken.
  /// - Complexity: Expected O(*n* + *m* + *u*).
  public static func apply<Model, Item>(
    _ update: BatchUpdate, to old: [ListSection<Model, Item>],
    reference: [ListSection<Model, Item>]
  ) -> Result<[ListSection<Model, Item>], BatchUpdateViolation> {
    var replay = _BatchUpdateReplay(old: old, new: reference, update: update)
    if let violation = replay.run() { return .failure(violation) }
    return .success(replay.shown)
  }
}
