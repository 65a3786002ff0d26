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
/// with the new sections. It models these rules; the messages quoted are UIKit's exceptions
/// (`NSInternalInconsistencyException`), the sources are in parentheses:
///
/// 1. **Coordinates.** Deletes, reloads and move sources name positions before the update;
///    inserts and move destinations name positions after it (Apple's *Table View Programming
///    Guide*, "Batch Insertion, Deletion, and Reloading"; WWDC 2018 session 225, "A Tour of
///    UICollectionView"). Out of range: "attempt to delete item 5 from section 0 which only
///    contains 5 items before the update", and the same for inserts after the update and for
///    sections.
/// 2. **One operation per position and side.** Before the update, a position is deleted,
///    reloaded or moved from at most once ("attempt to delete and reload the same index path",
///    "attempt to perform a delete and a move from the same index path"); after it, a position
///    is inserted, reloaded or moved to at most once ("attempt to perform an insert and a move
///    to the same index path"). The same holds for sections.
/// 3. **A reload is a delete plus an insert at the same index path** ("reloads are decomposed
///    into a delete and an insert", an Apple engineer on the Developer Forums, thread 751732).
///    So a reload claims its index path on both sides (rule 2: reloading a moved item raises
///    "attempt to perform a delete and a move from the same index path", openradar 33662307),
///    and reloading an item or a section whose position changes in the same batch either
///    breaks the counts (IGListKit issue 690, "reload displaced section crashes") or shows
///    the wrong cells. Reload only what stays in place.
/// 4. **Counts.** Sections after = before + inserted - deleted ("invalid number of sections").
///    For every section that survives: items after = before + inserted - deleted + moved in -
///    moved out ("invalid number of items in section 0. The number of items contained in an
///    existing section after the update (213) must be equal to ...").
/// 5. **Items and section lifetimes.** No item operation before the update in a section that
///    is deleted or reloaded, none after it in a section that is inserted or reloaded: those
///    sections' items come and go with the section (DifferenceKit's staged changesets and
///    IGListKit's `IGListBatchUpdateData` never emit them).
/// 6. **Moved sections hold still.** No item operation in a section that moves in the same
///    batch: `UICollectionView` corrupts its heap when inserting into a moved section
///    (openradar 26021018), crashes on a no-op section move with an item moved out of it
///    (openradar 48941906), and leaves stray snapshot cells when deleting from one; IGListKit
///    turns every such section move into a delete plus an insert for these reasons.
/// 7. **Content.** UIKit fetches a cell only for an inserted or reloaded item (or a section
///    inserted or reloaded); every other cell keeps what it showed, moved or not. The checker
///    requires the result to equal the new data item by item and section model by section
///    model, which catches an update that was forgotten, that rode on a move, or a reload
///    that landed on the wrong item.
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
    var replay = _Replay(old: old, new: reference, update: update)
    if let violation = replay.run() { return .failure(violation) }
    return .success(replay.shown)
  }
}

/// The state of one replay: what happens to each section and item.
private struct _Replay<Model, Item> {
  let old: [ListSection<Model, Item>]
  let new: [ListSection<Model, Item>]
  let update: BatchUpdate
  var shown: [ListSection<Model, Item>] = []

  init(old: [ListSection<Model, Item>], new: [ListSection<Model, Item>], update: BatchUpdate) {
    self.old = old
    self.new = new
    self.update = update
  }

  /// What became of an old section, or where a new section came from.
  enum SectionFate: Equatable {
    case untouched
    case deleted
    case reloaded
    case movedAway
    case inserted
    case reloadedHere
    case movedHere(from: Int)
  }

  mutating func run() -> BatchUpdateViolation? {
    let oldCount = old.count
    let newCount = new.count

    // Rules 1, 2 and 3 for sections: a reload claims its index on both sides.
    var oldFate = [SectionFate](repeating: .untouched, count: oldCount)
    var newFate = [SectionFate](repeating: .untouched, count: newCount)
    func claimOld(_ section: Int, _ operation: BatchUpdateViolation.Operation, _ fate: SectionFate)
      -> BatchUpdateViolation?
    {
      guard section >= 0 && section < oldCount else {
        return .sectionOutOfRange(
          operation, section: section, sectionCount: oldCount, beforeUpdate: true)
      }
      if let previous = Self.operation(of: oldFate[section]) {
        return .sectionConflict(previous, operation, section: section, beforeUpdate: true)
      }
      oldFate[section] = fate
      return nil
    }
    func claimNew(_ section: Int, _ operation: BatchUpdateViolation.Operation, _ fate: SectionFate)
      -> BatchUpdateViolation?
    {
      guard section >= 0 && section < newCount else {
        return .sectionOutOfRange(
          operation, section: section, sectionCount: newCount, beforeUpdate: false)
      }
      if let previous = Self.operation(of: newFate[section]) {
        return .sectionConflict(previous, operation, section: section, beforeUpdate: false)
      }
      newFate[section] = fate
      return nil
    }
    for section in update.sectionDeletes {
      if let violation = claimOld(section, .delete, .deleted) { return violation }
    }
    for section in update.sectionReloads {
      if let violation = claimOld(section, .reload, .reloaded) { return violation }
    }
    for move in update.sectionMoves {
      if let violation = claimOld(move.from, .move, .movedAway) { return violation }
    }
    for section in update.sectionInserts {
      if let violation = claimNew(section, .insert, .inserted) { return violation }
    }
    for section in update.sectionReloads {
      if let violation = claimNew(section, .reload, .reloadedHere) { return violation }
    }
    for move in update.sectionMoves {
      if let violation = claimNew(move.to, .move, .movedHere(from: move.from)) {
        return violation
      }
    }

    // Rule 4 for sections.
    let expectedCount = oldCount + update.sectionInserts.count - update.sectionDeletes.count
    guard newCount == expectedCount else {
      return .sectionCountMismatch(
        before: oldCount, after: newCount, inserted: update.sectionInserts.count,
        deleted: update.sectionDeletes.count)
    }

    // Where each new section comes from: -1 for an inserted or reloaded one (fresh from the
    // data source), else its old index. Untouched old sections fill the free slots in order.
    var sourceOfNew = [Int](repeating: -1, count: newCount)
    var newOfOld = [Int](repeating: -1, count: oldCount)
    var freeSlot = 0
    for section in 0..<oldCount where oldFate[section] == .untouched {
      while newFate[freeSlot] != .untouched { freeSlot += 1 }
      sourceOfNew[freeSlot] = section
      newOfOld[section] = freeSlot
      freeSlot += 1
    }
    for (slot, fate) in newFate.enumerated() {
      if case .movedHere(let from) = fate {
        sourceOfNew[slot] = from
        newOfOld[from] = slot
      }
    }

    // Rules 1, 2, 3, 5 and 6 for items. Keys pack a section and an item into one integer.
    func key(_ path: IndexPath) -> Int { path[0] << 32 | path[1] }
    var oldItemOperation: [Int: BatchUpdateViolation.Operation] = [:]
    var newItemOperation: [Int: BatchUpdateViolation.Operation] = [:]
    func claimOldItem(_ path: IndexPath, _ operation: BatchUpdateViolation.Operation)
      -> BatchUpdateViolation?
    {
      guard path.count == 2 else { return .malformedIndexPath(operation, path) }
      let section = path[0]
      guard section >= 0 && section < oldCount else {
        return .sectionOutOfRange(
          operation, section: section, sectionCount: oldCount, beforeUpdate: true)
      }
      switch oldFate[section] {
      case .deleted, .reloaded: return .itemInDeletedSection(operation, path)
      case .movedAway: return .itemInMovedSection(operation, path, beforeUpdate: true)
      default: break
      }
      let itemCount = old[section].items.count
      guard path[1] >= 0 && path[1] < itemCount else {
        return .itemOutOfRange(operation, path, itemCount: itemCount, beforeUpdate: true)
      }
      if let previous = oldItemOperation.updateValue(operation, forKey: key(path)) {
        return .itemConflict(previous, operation, path, beforeUpdate: true)
      }
      return nil
    }
    func claimNewItem(_ path: IndexPath, _ operation: BatchUpdateViolation.Operation)
      -> BatchUpdateViolation?
    {
      guard path.count == 2 else { return .malformedIndexPath(operation, path) }
      let section = path[0]
      guard section >= 0 && section < newCount else {
        return .sectionOutOfRange(
          operation, section: section, sectionCount: newCount, beforeUpdate: false)
      }
      switch newFate[section] {
      case .inserted, .reloadedHere: return .itemInInsertedSection(operation, path)
      case .movedHere: return .itemInMovedSection(operation, path, beforeUpdate: false)
      default: break
      }
      let itemCount = new[section].items.count
      guard path[1] >= 0 && path[1] < itemCount else {
        return .itemOutOfRange(operation, path, itemCount: itemCount, beforeUpdate: false)
      }
      if let previous = newItemOperation.updateValue(operation, forKey: key(path)) {
        return .itemConflict(previous, operation, path, beforeUpdate: false)
      }
      return nil
    }
    for path in update.deletes {
      if let violation = claimOldItem(path, .delete) { return violation }
    }
    for path in update.reloads {
      if let violation = claimOldItem(path, .reload) { return violation }
    }
    for move in update.moves {
      if let violation = claimOldItem(move.from, .move) { return violation }
    }
    for path in update.inserts {
      if let violation = claimNewItem(path, .insert) { return violation }
    }
    for path in update.reloads {
      if let violation = claimNewItem(path, .reload) { return violation }
    }
    for move in update.moves {
      if let violation = claimNewItem(move.to, .move) { return violation }
    }

    // Rule 4 for items; a reload counts as a delete and an insert at the same index path.
    var movedOut = [Int](repeating: 0, count: oldCount)
    var movedIn = [Int](repeating: 0, count: newCount)
    var deleted = [Int](repeating: 0, count: oldCount)
    var inserted = [Int](repeating: 0, count: newCount)
    for path in update.deletes { deleted[path[0]] += 1 }
    for path in update.inserts { inserted[path[0]] += 1 }
    for path in update.reloads {
      deleted[path[0]] += 1
      inserted[path[0]] += 1
    }
    for move in update.moves where newOfOld[move.from[0]] != move.to[0] {
      movedOut[move.from[0]] += 1
      movedIn[move.to[0]] += 1
    }
    for slot in 0..<newCount {
      let source = sourceOfNew[slot]
      guard source >= 0 else { continue }
      let before = old[source].items.count
      let after = new[slot].items.count
      if after != before + inserted[slot] - deleted[source] + movedIn[slot] - movedOut[source] {
        return .itemCountMismatch(
          section: slot, before: before, after: after, inserted: inserted[slot],
          deleted: deleted[source], movedIn: movedIn[slot], movedOut: movedOut[source])
      }
    }

    // Rule 7, the replay: inserted and reloaded positions show the data source's items, moved items
    // their old cells; the remaining old cells fill the other positions in order.
    var slots: [[Item?]] = (0..<newCount).map { slot in
      sourceOfNew[slot] < 0 ? [] : [Item?](repeating: nil, count: new[slot].items.count)
    }
    for path in update.inserts + update.reloads {
      slots[path[0]][path[1]] = new[path[0]].items[path[1]]
    }
    for move in update.moves {
      slots[move.to[0]][move.to[1]] = old[move.from[0]].items[move.from[1]]
    }
    shown.reserveCapacity(newCount)
    for slot in 0..<newCount {
      let source = sourceOfNew[slot]
      guard source >= 0 else {
        shown.append(new[slot])
        continue
      }
      var freeItem = 0
      for (index, item) in old[source].items.enumerated()
      where oldItemOperation[key(_indexPath(source, index))] == nil {
        while slots[slot][freeItem] != nil { freeItem += 1 }
        slots[slot][freeItem] = item
        freeItem += 1
      }
      shown.append(ListSection(old[source].model, items: slots[slot].map { $0! }))
    }
    return nil
  }

  /// The operation that gave a section its fate, if any.
  static func operation(of fate: SectionFate) -> BatchUpdateViolation.Operation? {
    switch fate {
    case .untouched: return nil
    case .deleted: return .delete
    case .reloaded: return .reload
    case .movedAway, .movedHere: return .move
    case .inserted: return .insert
    case .reloadedHere: return .reload
    }
  }
}
