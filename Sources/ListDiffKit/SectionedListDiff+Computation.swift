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

    // First-stage item operations, and the second-stage reloads of moved and updated items.
    var deletes: [IndexPath] = []
    var inserts: [IndexPath] = []
    var moves: [BatchUpdate.Move] = []
    var reloads: [IndexPath] = []
    var laterReloads: [IndexPath] = []
    var movedAndUpdated = [Bool](repeating: false, count: singleBatch ? 0 : newItemCount)
    var hasItemChanges = [Bool](repeating: false, count: newSectionCount)
    var deletesNeedSorting = false

    // Old side: items gone, or whose partner lands in a fresh section.
    for oldSection in 0..<oldSectionCount where !oldSectionIsFresh[oldSection] {
      let base = oldStart[oldSection]
      for item in 0..<(oldStart[oldSection + 1] - base) {
        let partner = Int(truncatingIfNeeded: newIndexOfOld[base + item])
        if partner < 0 || newSectionIsFresh[Int(truncatingIfNeeded: newSectionOfItem[partner])] {
          deletes.append(_indexPath(oldSection, item))
          hasItemChanges[newSectionOfOld[oldSection]] = true
        }
      }
    }

    // New side: inserts, moves and reloads, section by section.
    var sameSectionOrigin: [Int32] = []
    for newSection in 0..<newSectionCount where !newSectionIsFresh[newSection] {
      let base = newStart[newSection]
      let count = newStart[newSection + 1] - base
      let source = oldSectionOfNew[newSection]
      // The items that stayed in this section keep a longest increasing run in place.
      sameSectionOrigin.removeAll(keepingCapacity: true)
      for item in 0..<count {
        let partner = Int(truncatingIfNeeded: oldIndexOfNew[base + item])
        let stayed = partner >= 0 && Int(truncatingIfNeeded: oldSectionOfItem[partner]) == source
        sameSectionOrigin.append(
          stayed ? Int32(truncatingIfNeeded: partner - oldStart[source]) : -1)
      }
      let stays = sameSectionOrigin.withUnsafeBufferPointer {
        _markLongestIncreasingSubsequence(oldIndexOfNew: $0)
      }
      for item in 0..<count {
        let partner = Int(truncatingIfNeeded: oldIndexOfNew[base + item])
        let oldSection = partner < 0 ? -1 : Int(truncatingIfNeeded: oldSectionOfItem[partner])
        if oldSection < 0 || oldSectionIsFresh[oldSection] {
          inserts.append(_indexPath(newSection, item))
          hasItemChanges[newSection] = true
          continue
        }
        let oldItem = partner - oldStart[oldSection]
        let updated = !oldValue(partner).isContentEqual(to: new[newSection].items[item])
        if stays[item] == _staysInPlace {
          if updated { reloads.append(_indexPath(oldSection, oldItem)) }
          continue
        }
        hasItemChanges[newSection] = true
        hasItemChanges[newSectionOfOld[oldSection]] = true
        if updated && singleBatch {
          deletes.append(_indexPath(oldSection, oldItem))
          inserts.append(_indexPath(newSection, item))
          deletesNeedSorting = true
          continue
        }
        moves.append(
          BatchUpdate.Move(
            from: _indexPath(oldSection, oldItem), to: _indexPath(newSection, item)))
        if updated {
          laterReloads.append(_indexPath(newSection, item))
          movedAndUpdated[base + item] = true
        }
      }
    }

    // Section operations; changed sections are reloaded in the first stage when nothing in
    // that stage touches them, else in the second.
    var sectionDeletes = sectionDiff.deletes
    var sectionInserts = sectionDiff.inserts
    var sectionMoves: [BatchUpdate.SectionMove] = []
    var sectionReloads: [Int] = []
    var laterSectionReloads: [Int] = []
    var reloadedFirst = [Bool](repeating: false, count: oldSectionCount)
    var reloadedLater = [Bool](repeating: false, count: newSectionCount)
    for move in sectionDiff.moves {
      if singleBatch && sectionUpdated[move.to] {
        sectionDeletes.append(move.from)
        sectionInserts.append(move.to)
      } else {
        sectionMoves.append(BatchUpdate.SectionMove(from: move.from, to: move.to))
      }
    }
    for newSection in 0..<newSectionCount where sectionUpdated[newSection] {
      let oldSection = oldSectionOfNew[newSection]
      if singleBatch {
        if !sectionMoved[newSection] { sectionReloads.append(oldSection) }
      } else if !sectionMoved[newSection] && !hasItemChanges[newSection] {
        sectionReloads.append(oldSection)
        reloadedFirst[oldSection] = true
      } else {
        laterSectionReloads.append(newSection)
        reloadedLater[newSection] = true
      }
    }
    if !sectionReloads.isEmpty { reloads.removeAll { reloadedFirst[$0[0]] } }
    if !laterSectionReloads.isEmpty { laterReloads.removeAll { reloadedLater[$0[0]] } }
    sectionDeletes.sort()
    sectionInserts.sort()
    sectionReloads.sort()
    reloads.sort()
    if deletesNeedSorting {
      deletes.sort()
      inserts.sort()
    }

    let firstUpdate = BatchUpdate(
      sectionDeletes: sectionDeletes, sectionInserts: sectionInserts, sectionMoves: sectionMoves,
      sectionReloads: sectionReloads, deletes: deletes, inserts: inserts, moves: moves,
      reloads: reloads)
    let secondUpdate = BatchUpdate(sectionReloads: laterSectionReloads, reloads: laterReloads)
    if secondUpdate.isEmpty {
      return (sectionDiff, firstUpdate.isEmpty ? [] : [Stage(update: firstUpdate, sections: new)])
    }

    // The data between the stages: moved and updated items still show their old content,
    // and sections reloaded in the second stage their old model.
    var intermediate = new
    for newSection in 0..<newSectionCount where !newSectionIsFresh[newSection] {
      let base = newStart[newSection]
      var items: [Section.Item]? = nil
      for item in 0..<(newStart[newSection + 1] - base) where movedAndUpdated[base + item] {
        if items == nil { items = new[newSection].items }
        items![item] = oldValue(Int(truncatingIfNeeded: oldIndexOfNew[base + item]))
      }
      if reloadedLater[newSection] || items != nil {
        let model = reloadedLater[newSection] ? old[oldSectionOfNew[newSection]] : new[newSection]
        intermediate[newSection] = Section(section: model, items: items ?? new[newSection].items)
      }
    }
    return (
      sectionDiff,
      [
        Stage(update: firstUpdate, sections: intermediate),
        Stage(update: secondUpdate, sections: new),
      ]
    )
  }
}
