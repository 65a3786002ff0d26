#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Phase 4 of the sectioned diff: the operations of each batch. The three staging rules (see
// the "Lists and batch updates" article) are the three `apply…` methods of `_StagePlan`.

/// Where a changed section is reloaded.
@usableFromInline
internal enum _SectionReload: Equatable {
  /// Not reloaded.
  case none
  /// In the batch of section changes: the first stage.
  case sectionBatch
  /// In the batch of item changes, when it has a stage of its own (after the sections moved).
  case itemBatch
  /// In the last batch, after every structural change.
  case reloadBatch
}

/// The operations of the three batches of a sectioned diff, in the coordinates each batch
/// sees, and what the data between them must show.
///
/// Every change first goes in the first batch; the three staging rules move what UIKit cannot
/// take there. The section batch and the item batch form one stage unless rule 1 separates
/// them; the reload batch is a stage when it holds anything.
@usableFromInline
internal struct _StagePlan {
  /// The sections matched by identity.
  @usableFromInline let sections: _SectionMatching
  /// Whether every change goes in one batch (``SectionedListDiff/Staging/singleBatch``).
  @usableFromInline let singleBatch: Bool
  /// The sections whose items come and go with them.
  @usableFromInline var fresh: _FreshSections
  /// The classified item changes.
  @usableFromInline var changes: _ItemChanges
  /// Whether the item changes wait for the sections to move, in a stage of their own.
  @usableFromInline var splitsItems = false
  /// Section deletes, inserts, moves and reloads.
  @usableFromInline var sectionBatch = BatchUpdate()
  /// Item deletes, inserts, moves and reloads; section reloads when ``splitsItems``.
  @usableFromInline var itemBatch = BatchUpdate()
  /// The reloads that wait for every structural change.
  @usableFromInline var reloadBatch = BatchUpdate()
  /// For each new flat offset, whether the item still shows its old content until the reload
  /// batch (empty with `.singleBatch`).
  @usableFromInline var showsOldItem: [Bool]
  /// For each new section, where it is reloaded.
  @usableFromInline var sectionReloads: [_SectionReload]

  /// Classifies the changes and places each in its batch.
  ///
  /// - Complexity: O(*N* + *M* + *c* log *c*) for *N* and *M* items and *c* operations, plus
  ///   classifying the items once more when rule 1 replaces sections in a single batch.
  @inlinable
  init<Section: DiffableSection>(
    old: [Section], new: [Section], sections: _SectionMatching, items: _ItemPairing,
    staging: SectionedListDiff<Section>.Staging
  ) {
    self.sections = sections
    singleBatch = staging == .singleBatch
    fresh = _FreshSections(sections: sections, singleBatch: singleBatch)
    changes = _ItemChanges(old: old, new: new, sections: sections, items: items, fresh: fresh)
    showsOldItem = [Bool](repeating: false, count: singleBatch ? 0 : items.newItemCount)
    sectionReloads = [_SectionReload](repeating: .none, count: sections.newCount)
    applyMovedSectionRule(old: old, new: new, items: items)
    let sectionsWithItemOperations = changes.sectionsWithItemOperations(sections)
    placeItemOperations()
    applyChangedItemRule(items: items)
    applyChangedSectionRule(sectionsWithItemOperations: sectionsWithItemOperations)
    removeReloadsOfReloadedSections()
    sortOperations()
  }

  /// Rule 1, item changes in a moved section: UIKit's collection view corrupts its state
  /// when items are inserted into, deleted from or moved out of a section that moves in the
  /// same batch.
  ///
  /// With `.preservingMoves` the sections move first, in a stage of their own, and every item
  /// change follows in a second stage. With `.singleBatch` such a section is deleted and
  /// inserted instead, as IGListKit does: its items then come and go with it.
  @inlinable
  mutating func applyMovedSectionRule<Section: DiffableSection>(
    old: [Section], new: [Section], items: _ItemPairing
  ) {
    guard singleBatch else {
      splitsItems = changes.touchesMovedSection(sections)
      return
    }
    var replaced = false
    func replace(_ oldSection: Int) {
      let newSection = sections.newSectionOfOld[oldSection]
      guard newSection >= 0, sections.moved[newSection], !fresh.new[newSection] else { return }
      fresh.markMatched(newSection: newSection, sections: sections)
      replaced = true
    }
    for change in changes.deletes { replace(change.oldSection) }
    for change in changes.inserts { replace(sections.oldSectionOfNew[change.newSection]) }
    for change in changes.moves + changes.updatedMoves + changes.updatedStays {
      replace(change.oldSection)
      replace(sections.oldSectionOfNew[change.newSection])
    }
    if replaced {
      changes = _ItemChanges(old: old, new: new, sections: sections, items: items, fresh: fresh)
    }
  }

  /// The section of an old item in the coordinates of the item batch: its old section, or,
  /// when items wait for the sections to move, that section's new index.
  @inlinable
  func itemBatchSection(_ oldSection: Int) -> Int {
    splitsItems ? sections.newSectionOfOld[oldSection] : oldSection
  }

  /// Places the item deletes, inserts and unchanged moves in the item batch.
  @inlinable
  mutating func placeItemOperations() {
    itemBatch.deletes = changes.deletes.map {
      _indexPath(itemBatchSection($0.oldSection), $0.oldItem)
    }
    itemBatch.inserts = changes.inserts.map { _indexPath($0.newSection, $0.newItem) }
    itemBatch.moves = changes.moves.map {
      BatchUpdate.Move(
        from: _indexPath(itemBatchSection($0.oldSection), $0.oldItem),
        to: _indexPath($0.newSection, $0.newItem))
    }
  }

  /// Rule 2, an item that changed content and whose index path changes (it moves, or items
  /// before it come and go): a reload is a delete and an insert at one index path, so it only
  /// works in place, and a moved cell is not fetched again.
  ///
  /// With `.preservingMoves` the item moves or shifts still showing its old content, and is
  /// reloaded at its new index path in the reload batch. With `.singleBatch` it is deleted and
  /// inserted. A changed item that keeps its index path is reloaded in the item batch.
  @inlinable
  mutating func applyChangedItemRule(items: _ItemPairing) {
    for change in changes.updatedStays {
      let section = itemBatchSection(change.oldSection)
      let inPlace =
        section == change.newSection && change.oldItem == change.newItem
        && (splitsItems || !sections.moved[change.newSection])
      if inPlace {
        itemBatch.reloads.append(_indexPath(section, change.oldItem))
      } else if singleBatch {
        itemBatch.deletes.append(_indexPath(section, change.oldItem))
        itemBatch.inserts.append(_indexPath(change.newSection, change.newItem))
      } else {
        reloadBatch.reloads.append(_indexPath(change.newSection, change.newItem))
        showsOldItem[items.newStart[change.newSection] + change.newItem] = true
      }
    }
    for change in changes.updatedMoves {
      let from = _indexPath(itemBatchSection(change.oldSection), change.oldItem)
      let to = _indexPath(change.newSection, change.newItem)
      if singleBatch {
        itemBatch.deletes.append(from)
        itemBatch.inserts.append(to)
      } else {
        itemBatch.moves.append(BatchUpdate.Move(from: from, to: to))
        reloadBatch.reloads.append(to)
        showsOldItem[items.newStart[change.newSection] + change.newItem] = true
      }
    }
  }

  /// Rule 3, a section whose own content changed and which moves, shifts, or has items
  /// inserted, deleted or moved in it: reloading it would break the counts or show the wrong
  /// section, for the reason of rule 2.
  ///
  /// With `.preservingMoves` such a section is reloaded in the reload batch, which also
  /// refreshes its items; when the item changes have a stage of their own, a changed section
  /// without item changes is reloaded there instead, wherever it moved. With `.singleBatch` a
  /// changed section is reloaded if it keeps its index, and deleted and inserted otherwise.
  /// A changed section that keeps its index and has no item changes is reloaded in the section
  /// batch. Also places the section deletes, inserts and moves (a moved fresh section is
  /// deleted and inserted).
  @inlinable
  mutating func applyChangedSectionRule(sectionsWithItemOperations hasItemChanges: [Bool]) {
    sectionBatch.sectionDeletes = sections.diff.deletes
    sectionBatch.sectionInserts = sections.diff.inserts
    for move in sections.diff.moves {
      if fresh.new[move.to] {
        sectionBatch.sectionDeletes.append(move.from)
        sectionBatch.sectionInserts.append(move.to)
      } else {
        sectionBatch.sectionMoves.append(BatchUpdate.SectionMove(from: move.from, to: move.to))
      }
    }
    for newSection in 0..<sections.newCount where sections.updated[newSection] {
      let oldSection = sections.oldSectionOfNew[newSection]
      let inPlace = !sections.moved[newSection] && oldSection == newSection
      if inPlace && (singleBatch || !hasItemChanges[newSection]) {
        sectionBatch.sectionReloads.append(oldSection)
        sectionReloads[newSection] = .sectionBatch
      } else if singleBatch {
        // A moved changed section is fresh: the moves above deleted and inserted it.
        if !sections.moved[newSection] {
          sectionBatch.sectionDeletes.append(oldSection)
          sectionBatch.sectionInserts.append(newSection)
        }
      } else if splitsItems && !hasItemChanges[newSection] {
        // Sections hold still in the item batch: a section with no item changes can be
        // reloaded there, wherever it moved.
        itemBatch.sectionReloads.append(newSection)
        sectionReloads[newSection] = .itemBatch
      } else {
        reloadBatch.sectionReloads.append(newSection)
        sectionReloads[newSection] = .reloadBatch
      }
    }
  }

  /// Drops the item reloads that a section reload covers: a section reloaded in the section or
  /// item batch brings its items' new content, and one reloaded in the reload batch refreshes
  /// every item in it. (Such a section keeps its index in the batch that reloads its items, so
  /// its old and new numbers are the same there.)
  @inlinable
  mutating func removeReloadsOfReloadedSections() {
    let sectionCount = sectionReloads.count
    func reloaded(_ path: IndexPath, in batch: _SectionReload) -> Bool {
      path[0] < sectionCount && sectionReloads[path[0]] == batch
    }
    if !sectionBatch.sectionReloads.isEmpty {
      itemBatch.reloads.removeAll { reloaded($0, in: .sectionBatch) }
    }
    if !itemBatch.sectionReloads.isEmpty {
      itemBatch.reloads.removeAll { reloaded($0, in: .itemBatch) }
    }
    if !reloadBatch.sectionReloads.isEmpty {
      reloadBatch.reloads.removeAll { reloaded($0, in: .reloadBatch) }
    }
  }

  /// Sorts the operations whose order does not follow from how they were found.
  @inlinable
  mutating func sortOperations() {
    sectionBatch.sectionDeletes.sort()
    sectionBatch.sectionInserts.sort()
    sectionBatch.sectionReloads.sort()
    itemBatch.deletes.sort()
    itemBatch.inserts.sort()
    itemBatch.reloads.sort()
    reloadBatch.reloads.sort()
  }
}
