#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The sectioned diff: sections are diffed like a list; items are paired by identity, first
// within each matched pair of sections, then across all sections; within each surviving
// section, the items that stayed in it keep a longest increasing subsequence in place and the
// others move. Then each change is placed in the first stage unless UIKit forbids it there
// (see `SectionedListDiff`'s documentation).

extension SectionedListDiff {
  /// Computes the section diff and the stages.
  @inlinable
  internal static func _compute(
    old: [Section], new: [Section], staging: Staging
  ) -> (ListDiff, [Stage]) {
    let sectionDiff = ListDiff(old: old, new: new)
    let oldSectionCount = old.count
    let newSectionCount = new.count
    let singleBatch = staging == .singleBatch

    var newSectionOfOld = [Int](repeating: -1, count: oldSectionCount)
    var oldSectionOfNew = [Int](repeating: -1, count: newSectionCount)
    for newSection in 0..<newSectionCount {
      if let oldSection = sectionDiff.oldIndex(for: newSection) {
        oldSectionOfNew[newSection] = oldSection
        newSectionOfOld[oldSection] = newSection
      }
    }
    var sectionMoved = [Bool](repeating: false, count: newSectionCount)
    for move in sectionDiff.moves { sectionMoved[move.to] = true }
    var sectionUpdated = [Bool](repeating: false, count: newSectionCount)
    for oldSection in sectionDiff.updates { sectionUpdated[newSectionOfOld[oldSection]] = true }

    // Sections whose items come and go with the section in the first stage: deleted and
    // inserted ones, and in a single batch the changed ones (reloaded, or deleted and
    // inserted).
    var oldSectionIsFresh = [Bool](repeating: false, count: oldSectionCount)
    var newSectionIsFresh = [Bool](repeating: false, count: newSectionCount)
    for oldSection in sectionDiff.deletes { oldSectionIsFresh[oldSection] = true }
    for newSection in sectionDiff.inserts { newSectionIsFresh[newSection] = true }
    if singleBatch {
      for newSection in 0..<newSectionCount where sectionUpdated[newSection] {
        newSectionIsFresh[newSection] = true
        oldSectionIsFresh[oldSectionOfNew[newSection]] = true
      }
    }

    // Items are numbered across all sections (flat offsets), with each item's section and
    // each section's first flat offset.
    var oldStart = [Int](repeating: 0, count: oldSectionCount + 1)
    var newStart = [Int](repeating: 0, count: newSectionCount + 1)
    for (index, section) in old.enumerated() {
      oldStart[index + 1] = oldStart[index] + section.items.count
    }
    for (index, section) in new.enumerated() {
      newStart[index + 1] = newStart[index] + section.items.count
    }
    let oldItemCount = oldStart[oldSectionCount]
    let newItemCount = newStart[newSectionCount]
    precondition(
      oldItemCount <= _maximumListCount && newItemCount <= _maximumListCount,
      "SectionedListDiff supports at most \(_maximumListCount) items per list")
    var oldSectionOfItem = [Int32]()
    oldSectionOfItem.reserveCapacity(oldItemCount)
    for (index, section) in old.enumerated() {
      oldSectionOfItem.append(
        contentsOf: repeatElement(Int32(truncatingIfNeeded: index), count: section.items.count))
    }
    var newSectionOfItem = [Int32]()
    newSectionOfItem.reserveCapacity(newItemCount)
    for (index, section) in new.enumerated() {
      newSectionOfItem.append(
        contentsOf: repeatElement(Int32(truncatingIfNeeded: index), count: section.items.count))
    }
    @inline(__always)
    func oldValue(_ flat: Int) -> Section.Item {
      let section = Int(truncatingIfNeeded: oldSectionOfItem[flat])
      return old[section].items[flat - oldStart[section]]
    }

    // Pairing, in two rounds. First within each matched pair of sections, where most items
    // usually stay: small tables that stay in cache. Then the items left over, across all
    // sections. Duplicates pair in order within each round.
    var newIndexOfOld = [Int32](repeating: -1, count: oldItemCount)
    var oldIndexOfNew = [Int32](repeating: -1, count: newItemCount)
    for newSection in 0..<newSectionCount {
      let oldSection = oldSectionOfNew[newSection]
      guard oldSection >= 0 else { continue }
      let local = old[oldSection].items.withUnsafeBufferPointer { oldBuffer in
        new[newSection].items.withUnsafeBufferPointer { newBuffer in
          _pairLists(old: oldBuffer, new: newBuffer, duplicates: .pairInOrder)
        }
      }
      guard local.matchedCount > 0 else { continue }
      let oldBase = oldStart[oldSection]
      let newBase = newStart[newSection]
      for (item, partner) in local.newIndexOfOld.enumerated() where partner >= 0 {
        newIndexOfOld[oldBase + item] = Int32(truncatingIfNeeded: newBase + Int(partner))
        oldIndexOfNew[newBase + Int(partner)] = Int32(truncatingIfNeeded: oldBase + item)
      }
    }
    var oldLeftovers = ContiguousArray<Section.Item>()
    var oldLeftoverOffsets: [Int] = []
    for (section, oldSection) in old.enumerated() {
      let base = oldStart[section]
      for (item, value) in oldSection.items.enumerated() where newIndexOfOld[base + item] < 0 {
        oldLeftovers.append(value)
        oldLeftoverOffsets.append(base + item)
      }
    }
    if !oldLeftovers.isEmpty {
      var newLeftovers = ContiguousArray<Section.Item>()
      var newLeftoverOffsets: [Int] = []
      for (section, newSection) in new.enumerated() {
        let base = newStart[section]
        for (item, value) in newSection.items.enumerated() where oldIndexOfNew[base + item] < 0 {
          newLeftovers.append(value)
          newLeftoverOffsets.append(base + item)
        }
      }
      let global = oldLeftovers.withUnsafeBufferPointer { oldBuffer in
        newLeftovers.withUnsafeBufferPointer { newBuffer in
          _pairLists(old: oldBuffer, new: newBuffer, duplicates: .pairInOrder)
        }
      }
      for (leftover, partner) in global.newIndexOfOld.enumerated() where partner >= 0 {
        let oldFlat = oldLeftoverOffsets[leftover]
        let newFlat = newLeftoverOffsets[Int(partner)]
        newIndexOfOld[oldFlat] = Int32(truncatingIfNeeded: newFlat)
        oldIndexOfNew[newFlat] = Int32(truncatingIfNeeded: oldFlat)
      }
    }

    // Classifies every item change with the current fresh sections.
    func classifyItems() -> _ItemChanges {
      var changes = _ItemChanges()
      // Old side: items gone, or whose partner lands in a fresh section.
      for oldSection in 0..<oldSectionCount where !oldSectionIsFresh[oldSection] {
        let base = oldStart[oldSection]
        for item in 0..<(oldStart[oldSection + 1] - base) {
          let partner = Int(truncatingIfNeeded: newIndexOfOld[base + item])
          if partner < 0 || newSectionIsFresh[Int(truncatingIfNeeded: newSectionOfItem[partner])] {
            changes.deletes.append(_ItemChange(oldSection, item, -1, -1))
          }
        }
      }
      // New side, section by section: the items that stayed in a section keep a longest
      // increasing run in place; the others move.
      var sameSectionOrigin: [Int32] = []
      for newSection in 0..<newSectionCount where !newSectionIsFresh[newSection] {
        let base = newStart[newSection]
        let count = newStart[newSection + 1] - base
        let source = oldSectionOfNew[newSection]
        sameSectionOrigin.removeAll(keepingCapacity: true)
        for item in 0..<count {
          let partner = Int(truncatingIfNeeded: oldIndexOfNew[base + item])
          let stayed =
            partner >= 0 && Int(truncatingIfNeeded: oldSectionOfItem[partner]) == source
          sameSectionOrigin.append(
            stayed ? Int32(truncatingIfNeeded: partner - oldStart[source]) : -1)
        }
        let stays = sameSectionOrigin.withUnsafeBufferPointer {
          _markLongestIncreasingSubsequence(oldIndexOfNew: $0).marks
        }
        for item in 0..<count {
          let partner = Int(truncatingIfNeeded: oldIndexOfNew[base + item])
          let oldSection = partner < 0 ? -1 : Int(truncatingIfNeeded: oldSectionOfItem[partner])
          if oldSection < 0 || oldSectionIsFresh[oldSection] {
            changes.inserts.append(_ItemChange(-1, -1, newSection, item))
            continue
          }
          let change = _ItemChange(oldSection, partner - oldStart[oldSection], newSection, item)
          let updated = !oldValue(partner).isContentEqual(to: new[newSection].items[item])
          if stays[item].staysInPlace {
            if updated { changes.updatedStays.append(change) }
          } else if updated {
            changes.updatedMoves.append(change)
          } else {
            changes.moves.append(change)
          }
        }
      }
      return changes
    }

    func isMovedOld(_ oldSection: Int) -> Bool {
      let newSection = newSectionOfOld[oldSection]
      return newSection >= 0 && sectionMoved[newSection]
    }

    var changes = classifyItems()
    if singleBatch {
      // A moved section that would hold item operations is deleted and inserted instead, as
      // IGListKit does: its items then come and go with it.
      var replaced = false
      func replace(_ oldSection: Int) {
        let newSection = newSectionOfOld[oldSection]
        guard newSection >= 0, sectionMoved[newSection], !newSectionIsFresh[newSection] else {
          return
        }
        oldSectionIsFresh[oldSection] = true
        newSectionIsFresh[newSection] = true
        replaced = true
      }
      for change in changes.deletes { replace(change.oldSection) }
      for change in changes.inserts { replace(oldSectionOfNew[change.newSection]) }
      for change in changes.moves + changes.updatedMoves + changes.updatedStays {
        replace(change.oldSection)
        replace(oldSectionOfNew[change.newSection])
      }
      if replaced { changes = classifyItems() }
    }

    // With moves preserved, item operations that touch a moved section wait for a batch of
    // their own, after the sections have moved (rule 6 of `BatchUpdateChecker`).
    var splitItems = false
    if !singleBatch {
      splitItems =
        changes.deletes.contains { isMovedOld($0.oldSection) }
        || changes.inserts.contains { sectionMoved[$0.newSection] }
        || changes.moves.contains { isMovedOld($0.oldSection) || sectionMoved[$0.newSection] }
        || changes.updatedMoves.contains {
          isMovedOld($0.oldSection) || sectionMoved[$0.newSection]
        }
    }
    // The section of an old item in the coordinates of the item batch: its old section, or,
    // when items wait for the sections to move, that section's new index.
    func itemBatchSection(_ oldSection: Int) -> Int {
      splitItems ? newSectionOfOld[oldSection] : oldSection
    }

    var hasItemChanges = [Bool](repeating: false, count: newSectionCount)
    for change in changes.deletes { hasItemChanges[newSectionOfOld[change.oldSection]] = true }
    for change in changes.inserts { hasItemChanges[change.newSection] = true }
    for change in changes.moves + changes.updatedMoves {
      hasItemChanges[change.newSection] = true
      hasItemChanges[newSectionOfOld[change.oldSection]] = true
    }

    // Item operations. An updated item is reloaded in place when its index path does not
    // change in the item batch; otherwise it is deleted and inserted (single batch) or
    // reloaded at its new index path in a last batch.
    var deletes = changes.deletes.map { _indexPath(itemBatchSection($0.oldSection), $0.oldItem) }
    var inserts = changes.inserts.map { _indexPath($0.newSection, $0.newItem) }
    var moves = changes.moves.map {
      BatchUpdate.Move(
        from: _indexPath(itemBatchSection($0.oldSection), $0.oldItem),
        to: _indexPath($0.newSection, $0.newItem))
    }
    var reloads: [IndexPath] = []
    var laterReloads: [IndexPath] = []
    var showsOldItem = [Bool](repeating: false, count: singleBatch ? 0 : newItemCount)
    for change in changes.updatedStays {
      let section = itemBatchSection(change.oldSection)
      let inPlace =
        section == change.newSection && change.oldItem == change.newItem
        && (splitItems || !sectionMoved[change.newSection])
      if inPlace {
        reloads.append(_indexPath(section, change.oldItem))
      } else if singleBatch {
        deletes.append(_indexPath(section, change.oldItem))
        inserts.append(_indexPath(change.newSection, change.newItem))
        hasItemChanges[change.newSection] = true
      } else {
        laterReloads.append(_indexPath(change.newSection, change.newItem))
        showsOldItem[newStart[change.newSection] + change.newItem] = true
      }
    }
    for change in changes.updatedMoves {
      let from = _indexPath(itemBatchSection(change.oldSection), change.oldItem)
      let to = _indexPath(change.newSection, change.newItem)
      if singleBatch {
        deletes.append(from)
        inserts.append(to)
      } else {
        moves.append(BatchUpdate.Move(from: from, to: to))
        laterReloads.append(to)
        showsOldItem[newStart[change.newSection] + change.newItem] = true
      }
    }

    // Section operations. A changed section is reloaded in the section batch when it keeps
    // its index and nothing else touches it; otherwise it is deleted and inserted (single
    // batch) or reloaded in the last batch.
    var sectionDeletes = sectionDiff.deletes
    var sectionInserts = sectionDiff.inserts
    var sectionMoves: [BatchUpdate.SectionMove] = []
    var sectionReloads: [Int] = []
    var laterSectionReloads: [Int] = []
    var reloadedFirst = [Bool](repeating: false, count: oldSectionCount)
    var reloadedLater = [Bool](repeating: false, count: newSectionCount)
    var itemBatchSectionReloads: [Int] = []
    var reloadedInItemBatch = [Bool](repeating: false, count: newSectionCount)
    for move in sectionDiff.moves {
      if newSectionIsFresh[move.to] {
        sectionDeletes.append(move.from)
        sectionInserts.append(move.to)
      } else {
        sectionMoves.append(BatchUpdate.SectionMove(from: move.from, to: move.to))
      }
    }
    for newSection in 0..<newSectionCount where sectionUpdated[newSection] {
      let oldSection = oldSectionOfNew[newSection]
      let inPlace = !sectionMoved[newSection] && oldSection == newSection
      if singleBatch {
        if inPlace {
          sectionReloads.append(oldSection)
        } else if !sectionMoved[newSection] {
          sectionDeletes.append(oldSection)
          sectionInserts.append(newSection)
        }
      } else if inPlace && !hasItemChanges[newSection] {
        sectionReloads.append(oldSection)
        reloadedFirst[oldSection] = true
      } else if splitItems && !hasItemChanges[newSection] {
        // Sections hold still in the item batch: a section with no item changes can be
        // reloaded there, wherever it moved.
        itemBatchSectionReloads.append(newSection)
        reloadedInItemBatch[newSection] = true
      } else {
        laterSectionReloads.append(newSection)
        reloadedLater[newSection] = true
      }
    }
    // A section reloaded in the section batch brings its items' new content; one reloaded
    // in the last batch refreshes every item in it.
    // (Such a section keeps its index, so its old and new numbers are the same.)
    if !sectionReloads.isEmpty {
      reloads.removeAll { $0[0] < oldSectionCount && reloadedFirst[$0[0]] }
    }
    if !itemBatchSectionReloads.isEmpty { reloads.removeAll { reloadedInItemBatch[$0[0]] } }
    if !laterSectionReloads.isEmpty { laterReloads.removeAll { reloadedLater[$0[0]] } }
    sectionDeletes.sort()
    sectionInserts.sort()
    sectionReloads.sort()
    deletes.sort()
    inserts.sort()
    reloads.sort()
    laterReloads.sort()

    let sectionUpdate = BatchUpdate(
      sectionDeletes: sectionDeletes, sectionInserts: sectionInserts, sectionMoves: sectionMoves,
      sectionReloads: sectionReloads)
    let itemUpdate = BatchUpdate(
      sectionReloads: itemBatchSectionReloads, deletes: deletes, inserts: inserts, moves: moves,
      reloads: reloads)
    let reloadUpdate = BatchUpdate(sectionReloads: laterSectionReloads, reloads: laterReloads)

    // The data after the structural batches: items reloaded later still show their old
    // content, and sections reloaded later their old model.
    func beforeReloads() -> [Section] {
      var sections = new
      for newSection in 0..<newSectionCount where !newSectionIsFresh[newSection] {
        let base = newStart[newSection]
        var items: [Section.Item]? = nil
        for item in 0..<(newStart[newSection + 1] - base) where showsOldItem[base + item] {
          if items == nil { items = new[newSection].items }
          items![item] = oldValue(Int(truncatingIfNeeded: oldIndexOfNew[base + item]))
        }
        if reloadedLater[newSection] || items != nil {
          let model = reloadedLater[newSection] ? old[oldSectionOfNew[newSection]] : new[newSection]
          sections[newSection] = Section(section: model, items: items ?? new[newSection].items)
        }
      }
      return sections
    }
    // With the item batch split off: the sections in their new places and states, each
    // surviving one still holding its old items.
    func afterSectionBatch() -> [Section] {
      var sections = new
      for newSection in 0..<newSectionCount
      where !newSectionIsFresh[newSection] && !reloadedFirst[oldSectionOfNew[newSection]] {
        let oldSection = oldSectionOfNew[newSection]
        let keepsOldModel = reloadedLater[newSection] || reloadedInItemBatch[newSection]
        let model = keepsOldModel ? old[oldSection] : new[newSection]
        sections[newSection] = Section(section: model, items: old[oldSection].items)
      }
      return sections
    }

    var stages: [Stage] = []
    let needsReloadBatch = !reloadUpdate.isEmpty
    if splitItems {
      stages.append(Stage(update: sectionUpdate, sections: afterSectionBatch()))
      stages.append(Stage(update: itemUpdate, sections: needsReloadBatch ? beforeReloads() : new))
    } else {
      var combined = itemUpdate
      combined.sectionDeletes = sectionUpdate.sectionDeletes
      combined.sectionInserts = sectionUpdate.sectionInserts
      combined.sectionMoves = sectionUpdate.sectionMoves
      combined.sectionReloads = sectionUpdate.sectionReloads
      if !combined.isEmpty {
        stages.append(Stage(update: combined, sections: needsReloadBatch ? beforeReloads() : new))
      }
    }
    if needsReloadBatch { stages.append(Stage(update: reloadUpdate, sections: new)) }
    return (sectionDiff, stages)
  }
}

/// One item's change in a sectioned diff: where it was and where it is (-1 when not there).
@usableFromInline
internal struct _ItemChange {
  @usableFromInline var oldSection: Int
  @usableFromInline var oldItem: Int
  @usableFromInline var newSection: Int
  @usableFromInline var newItem: Int

  @inlinable
  init(_ oldSection: Int, _ oldItem: Int, _ newSection: Int, _ newItem: Int) {
    self.oldSection = oldSection
    self.oldItem = oldItem
    self.newSection = newSection
    self.newItem = newItem
  }
}

/// The item changes of a sectioned diff, classified.
@usableFromInline
internal struct _ItemChanges {
  /// Old items to delete explicitly.
  @usableFromInline var deletes: [_ItemChange] = []
  /// New items to insert explicitly.
  @usableFromInline var inserts: [_ItemChange] = []
  /// Items that move, unchanged.
  @usableFromInline var moves: [_ItemChange] = []
  /// Items that move and changed content.
  @usableFromInline var updatedMoves: [_ItemChange] = []
  /// Items that keep their place among their section's items and changed content.
  @usableFromInline var updatedStays: [_ItemChange] = []

  @inlinable
  init() {}
}
