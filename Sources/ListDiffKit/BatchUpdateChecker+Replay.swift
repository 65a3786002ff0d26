#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One side of a batch update: the data before it (`old`) or after it (`new`).
internal enum _UpdateSide: CaseIterable {
  case old
  case new

  /// Whether this is the side before the update, as ``BatchUpdateViolation`` reports it.
  var beforeUpdate: Bool { self == .old }
}

/// A value for each side of a batch update.
internal struct _BothSides<Value> {
  var old: Value
  var new: Value

  /// The value for one side.
  subscript(side: _UpdateSide) -> Value {
    get { side == .old ? old : new }
    _modify {
      switch side {
      case .old: yield &old
      case .new: yield &new
      }
    }
  }
}

/// What became of an old section, or where a new section came from.
internal enum _SectionFate: Equatable {
  case untouched
  case deleted
  case reloaded
  case movedAway
  case inserted
  case reloadedHere
  case movedHere(from: Int)

  /// The operation that gave a section its fate, if any.
  var operation: BatchUpdateViolation.Operation? {
    switch self {
    case .untouched: return nil
    case .deleted: return .delete
    case .reloaded, .reloadedHere: return .reload
    case .movedAway, .movedHere: return .move
    case .inserted: return .insert
    }
  }
}

/// The replay of one batch update with UIKit's rules (see ``BatchUpdateChecker``).
///
/// Each rule is a method, and the rules that hold on both sides of the update take the side as
/// a parameter. ``run()`` checks them in a fixed order and reports the first one broken.
internal struct _BatchUpdateReplay<Model, Item> {
  /// The sections before and after the update.
  let sections: _BothSides<[ListSection<Model, Item>]>
  let update: BatchUpdate
  /// What each operation did to each section, on each side.
  var fates: _BothSides<[_SectionFate]>
  /// The operation that claimed each index path (packed by ``key(_:)``), on each side.
  var claimedItems = _BothSides<[Int64: BatchUpdateViolation.Operation]>(old: [:], new: [:])
  /// For each new section, the old section it shows, or -1 for an inserted or reloaded one.
  var sourceOfNew: [Int] = []
  /// For each old section, the new section that shows it, or -1.
  var newOfOld: [Int] = []
  /// What the view shows after the update, once ``run()`` succeeded.
  var shown: [ListSection<Model, Item>] = []

  init(old: [ListSection<Model, Item>], new: [ListSection<Model, Item>], update: BatchUpdate) {
    sections = _BothSides(old: old, new: new)
    self.update = update
    fates = _BothSides(
      old: Array(repeating: .untouched, count: old.count),
      new: Array(repeating: .untouched, count: new.count))
  }

  /// Checks every rule, sections first, and fills ``shown``; returns the first rule broken.
  mutating func run() -> BatchUpdateViolation? {
    for side in _UpdateSide.allCases {
      for (section, operation, fate) in sectionOperations(on: side) {
        if let violation = claimSection(section, operation, fate, on: side) { return violation }
      }
    }
    if let violation = checkSectionCount() { return violation }
    matchSections()
    for side in _UpdateSide.allCases {
      for (path, operation) in itemOperations(on: side) {
        if let violation = claimItem(path, operation, on: side) { return violation }
      }
    }
    if let violation = checkItemCounts() { return violation }
    shown = replayContent()
    return nil
  }

  /// The section operations that name a position on one side, in the order they are checked.
  ///
  /// Rule 3: a reload is a delete and an insert at one index, so it claims its index on both
  /// sides.
  func sectionOperations(
    on side: _UpdateSide
  ) -> [(section: Int, operation: BatchUpdateViolation.Operation, fate: _SectionFate)] {
    switch side {
    case .old:
      return update.sectionDeletes.map { ($0, .delete, .deleted) }
        + update.sectionReloads.map { ($0, .reload, .reloaded) }
        + update.sectionMoves.map { ($0.from, .move, .movedAway) }
    case .new:
      return update.sectionInserts.map { ($0, .insert, .inserted) }
        + update.sectionReloads.map { ($0, .reload, .reloadedHere) }
        + update.sectionMoves.map { ($0.to, .move, .movedHere(from: $0.from)) }
    }
  }

  /// The item operations that name a position on one side, in the order they are checked;
  /// a reload claims both sides (rule 3).
  func itemOperations(
    on side: _UpdateSide
  ) -> [(path: IndexPath, operation: BatchUpdateViolation.Operation)] {
    switch side {
    case .old:
      return update.deletes.map { ($0, .delete) } + update.reloads.map { ($0, .reload) }
        + update.moves.map { ($0.from, .move) }
    case .new:
      return update.inserts.map { ($0, .insert) } + update.reloads.map { ($0, .reload) }
        + update.moves.map { ($0.to, .move) }
    }
  }

  /// Rules 1 and 2 for a section: its index is in range on its side, and no other operation
  /// names it there.
  mutating func claimSection(
    _ section: Int, _ operation: BatchUpdateViolation.Operation, _ fate: _SectionFate,
    on side: _UpdateSide
  ) -> BatchUpdateViolation? {
    if let violation = checkSectionInRange(section, operation, on: side) { return violation }
    if let previous = fates[side][section].operation {
      return .sectionConflict(
        previous, operation, section: section, beforeUpdate: side.beforeUpdate)
    }
    fates[side][section] = fate
    return nil
  }

  /// Rule 1 for a section index, of a section or an item operation.
  func checkSectionInRange(
    _ section: Int, _ operation: BatchUpdateViolation.Operation, on side: _UpdateSide
  ) -> BatchUpdateViolation? {
    let count = sections[side].count
    guard section >= 0 && section < count else {
      return .sectionOutOfRange(
        operation, section: section, sectionCount: count, beforeUpdate: side.beforeUpdate)
    }
    return nil
  }

  /// Rule 4 for sections: sections after = before + inserted - deleted.
  func checkSectionCount() -> BatchUpdateViolation? {
    let before = sections.old.count
    let after = sections.new.count
    let inserted = update.sectionInserts.count
    let deleted = update.sectionDeletes.count
    guard after == before + inserted - deleted else {
      return .sectionCountMismatch(
        before: before, after: after, inserted: inserted, deleted: deleted)
    }
    return nil
  }

  /// Finds where each new section comes from: untouched old sections fill the slots that no
  /// operation claimed, in order; moved ones land where they were moved to.
  mutating func matchSections() {
    sourceOfNew = Array(repeating: -1, count: sections.new.count)
    newOfOld = Array(repeating: -1, count: sections.old.count)
    var freeSlot = 0
    for section in fates.old.indices where fates.old[section] == .untouched {
      while fates.new[freeSlot] != .untouched { freeSlot += 1 }
      sourceOfNew[freeSlot] = section
      newOfOld[section] = freeSlot
      freeSlot += 1
    }
    for (slot, fate) in fates.new.enumerated() {
      if case .movedHere(let from) = fate {
        sourceOfNew[slot] = from
        newOfOld[from] = slot
      }
    }
  }

  /// Rules 1, 2, 5 and 6 for an item operation, in that order for each index path.
  mutating func claimItem(
    _ path: IndexPath, _ operation: BatchUpdateViolation.Operation, on side: _UpdateSide
  ) -> BatchUpdateViolation? {
    guard path.count == 2 else { return .malformedIndexPath(operation, path) }
    if let violation = checkSectionInRange(path[0], operation, on: side)
      ?? checkSectionLifetime(path, operation, on: side)
      ?? checkSectionHoldsStill(path, operation, on: side)
      ?? checkItemInRange(path, operation, on: side)
    {
      return violation
    }
    if let previous = claimedItems[side].updateValue(operation, forKey: Self.key(path)) {
      return .itemConflict(previous, operation, path, beforeUpdate: side.beforeUpdate)
    }
    return nil
  }

  /// Rule 5: no item operation before the update in a section deleted or reloaded, and none
  /// after it in a section inserted or reloaded; their items come and go with them.
  func checkSectionLifetime(
    _ path: IndexPath, _ operation: BatchUpdateViolation.Operation, on side: _UpdateSide
  ) -> BatchUpdateViolation? {
    switch (side, fates[side][path[0]]) {
    case (.old, .deleted), (.old, .reloaded): return .itemInDeletedSection(operation, path)
    case (.new, .inserted), (.new, .reloadedHere): return .itemInInsertedSection(operation, path)
    default: return nil
    }
  }

  /// Rule 6: no item operation in a section that moves in the same batch.
  func checkSectionHoldsStill(
    _ path: IndexPath, _ operation: BatchUpdateViolation.Operation, on side: _UpdateSide
  ) -> BatchUpdateViolation? {
    switch fates[side][path[0]] {
    case .movedAway, .movedHere:
      return .itemInMovedSection(operation, path, beforeUpdate: side.beforeUpdate)
    default: return nil
    }
  }

  /// Rule 1 for an item index: in range in its section, on its side.
  func checkItemInRange(
    _ path: IndexPath, _ operation: BatchUpdateViolation.Operation, on side: _UpdateSide
  ) -> BatchUpdateViolation? {
    let count = sections[side][path[0]].items.count
    guard path[1] >= 0 && path[1] < count else {
      return .itemOutOfRange(operation, path, itemCount: count, beforeUpdate: side.beforeUpdate)
    }
    return nil
  }

  /// Rule 4 for items: in every surviving section, the counts add up.
  ///
  /// Items after = before + inserted - deleted + moved in - moved out, a reload counting as a
  /// delete and an insert.
  func checkItemCounts() -> BatchUpdateViolation? {
    var removedOrAdded = _BothSides(
      old: [Int](repeating: 0, count: sections.old.count),
      new: [Int](repeating: 0, count: sections.new.count))
    var movedAcross = removedOrAdded
    for side in _UpdateSide.allCases {
      for (path, operation) in itemOperations(on: side) where operation != .move {
        removedOrAdded[side][path[0]] += 1
      }
    }
    for move in update.moves where newOfOld[move.from[0]] != move.to[0] {
      movedAcross.old[move.from[0]] += 1
      movedAcross.new[move.to[0]] += 1
    }
    for (slot, source) in sourceOfNew.enumerated() where source >= 0 {
      let before = sections.old[source].items.count
      let after = sections.new[slot].items.count
      let (inserted, deleted) = (removedOrAdded.new[slot], removedOrAdded.old[source])
      let (movedIn, movedOut) = (movedAcross.new[slot], movedAcross.old[source])
      if after != before + inserted - deleted + movedIn - movedOut {
        return .itemCountMismatch(
          section: slot, before: before, after: after, inserted: inserted, deleted: deleted,
          movedIn: movedIn, movedOut: movedOut)
      }
    }
    return nil
  }

  /// Rule 7: what the view shows.
  ///
  /// Inserted and reloaded positions show the data source's items, moved items their old cells; the
  /// remaining old cells fill the other positions in order, and inserted and reloaded sections show
  /// the data source's sections.
  func replayContent() -> [ListSection<Model, Item>] {
    let (old, new) = (sections.old, sections.new)
    var slots: [[Item?]] = new.indices.map { slot in
      sourceOfNew[slot] < 0 ? [] : [Item?](repeating: nil, count: new[slot].items.count)
    }
    for path in update.inserts + update.reloads {
      slots[path[0]][path[1]] = new[path[0]].items[path[1]]
    }
    for move in update.moves {
      slots[move.to[0]][move.to[1]] = old[move.from[0]].items[move.from[1]]
    }
    var shown: [ListSection<Model, Item>] = []
    shown.reserveCapacity(new.count)
    for (slot, source) in sourceOfNew.enumerated() {
      guard source >= 0 else {
        shown.append(new[slot])
        continue
      }
      var freeItem = 0
      for (index, item) in old[source].items.enumerated()
      where claimedItems.old[Self.key(_indexPath(source, index))] == nil {
        while slots[slot][freeItem] != nil { freeItem += 1 }
        slots[slot][freeItem] = item
        freeItem += 1
      }
      shown.append(ListSection(old[source].model, items: slots[slot].map { $0! }))
    }
    return shown
  }

  /// Packs a section and an item, both in range, into one dictionary key.
  ///
  /// The key is 64 bits wide wherever `Int` is 32 (arm64_32), where a shift by 32 would drop
  /// the section.
  static func key(_ path: IndexPath) -> Int64 { Int64(path[0]) << 32 | Int64(path[1]) }
}
