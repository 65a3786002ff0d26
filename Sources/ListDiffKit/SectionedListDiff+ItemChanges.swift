// Phase 3 of the sectioned diff: every item change is classified, given the fresh sections.

/// One item's change in a sectioned diff: where it was and where it is (-1 when not there).
@usableFromInline
internal struct _ItemChange: Equatable {
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
///
/// Items of fresh sections (see ``_FreshSections``) come and go with their section and get no
/// change of their own. Among the other items, within each new section, the items that stayed
/// in that section keep a longest increasing subsequence in place; every other paired item
/// moves, also across sections.
@usableFromInline
internal struct _ItemChanges {
  /// Old items to delete explicitly: gone, or whose partner lands in a fresh section.
  @usableFromInline var deletes: [_ItemChange] = []
  /// New items to insert explicitly: new, or whose partner comes from a fresh section.
  @usableFromInline var inserts: [_ItemChange] = []
  /// Items that move, unchanged.
  @usableFromInline var moves: [_ItemChange] = []
  /// Items that move and changed content.
  @usableFromInline var updatedMoves: [_ItemChange] = []
  /// Items that keep their place among their section's items and changed content.
  @usableFromInline var updatedStays: [_ItemChange] = []

  @inlinable
  init() {}

  /// Classifies every item change of two paired sectioned lists.
  ///
  /// - Complexity: O(*N* + *M* + *k* log *k*) for *N* and *M* items and *k* items out of
  ///   order in their section, plus one `isContentEqual(to:)` call per paired item.
  @inlinable
  init<Section: DiffableSection>(
    old: [Section], new: [Section], sections: _SectionMatching, items: _ItemPairing,
    fresh: _FreshSections
  ) {
    classifyOldItems(sections: sections, items: items, fresh: fresh)
    var scratch: [Int32] = []
    for newSection in 0..<sections.newCount where !fresh.new[newSection] {
      classifyNewItems(
        of: newSection, old: old, new: new, sections: sections, items: items, fresh: fresh,
        scratch: &scratch)
    }
  }

  /// Finds the deletes: old items gone, or whose partner lands in a fresh section.
  @inlinable
  mutating func classifyOldItems(
    sections: _SectionMatching, items: _ItemPairing, fresh: _FreshSections
  ) {
    for oldSection in 0..<sections.oldCount where !fresh.old[oldSection] {
      let base = items.oldStart[oldSection]
      for item in 0..<(items.oldStart[oldSection + 1] - base) {
        let partner = Int(truncatingIfNeeded: items.newIndexOfOld[base + item])
        if partner < 0
          || fresh.new[Int(truncatingIfNeeded: items.newSectionOfItem[partner])]
        {
          deletes.append(_ItemChange(oldSection, item, -1, -1))
        }
      }
    }
  }

  /// Classifies the items of one surviving new section: inserts, moves and updates.
  ///
  /// - Parameter scratch: Reused storage for the section's old offsets.
  @inlinable
  mutating func classifyNewItems<Section: DiffableSection>(
    of newSection: Int, old: [Section], new: [Section], sections: _SectionMatching,
    items: _ItemPairing, fresh: _FreshSections, scratch sameSectionOrigin: inout [Int32]
  ) {
    let base = items.newStart[newSection]
    let count = items.newStart[newSection + 1] - base
    let source = sections.oldSectionOfNew[newSection]
    // The items that stayed in this section, by their old offset in it.
    sameSectionOrigin.removeAll(keepingCapacity: true)
    for item in 0..<count {
      let partner = Int(truncatingIfNeeded: items.oldIndexOfNew[base + item])
      let stayed =
        partner >= 0 && Int(truncatingIfNeeded: items.oldSectionOfItem[partner]) == source
      sameSectionOrigin.append(
        stayed ? Int32(truncatingIfNeeded: partner - items.oldStart[source]) : -1)
    }
    let stays = sameSectionOrigin.withUnsafeBufferPointer {
      _markLongestIncreasingSubsequence(oldIndexOfNew: $0).marks
    }
    for item in 0..<count {
      let partner = Int(truncatingIfNeeded: items.oldIndexOfNew[base + item])
      let oldSection =
        partner < 0 ? -1 : Int(truncatingIfNeeded: items.oldSectionOfItem[partner])
      if oldSection < 0 || fresh.old[oldSection] {
        inserts.append(_ItemChange(-1, -1, newSection, item))
        continue
      }
      let change = _ItemChange(
        oldSection, partner - items.oldStart[oldSection], newSection, item)
      let updated = !items.oldItem(partner, in: old).isContentEqual(to: new[newSection].items[item])
      if stays[item].staysInPlace {
        if updated { updatedStays.append(change) }
      } else if updated {
        updatedMoves.append(change)
      } else {
        moves.append(change)
      }
    }
  }

  /// Whether an item operation (delete, insert or move) touches a moved section.
  @inlinable
  func touchesMovedSection(_ sections: _SectionMatching) -> Bool {
    func touches(_ change: _ItemChange) -> Bool {
      sections.isMoved(oldSection: change.oldSection) || sections.moved[change.newSection]
    }
    return deletes.contains { sections.isMoved(oldSection: $0.oldSection) }
      || inserts.contains { sections.moved[$0.newSection] }
      || moves.contains(where: touches) || updatedMoves.contains(where: touches)
  }

  /// For each new section, whether an item is deleted from it (in its old place), inserted
  /// into it, or moved into or out of it.
  @inlinable
  func sectionsWithItemOperations(_ sections: _SectionMatching) -> [Bool] {
    var touched = [Bool](repeating: false, count: sections.newCount)
    for change in deletes { touched[sections.newSectionOfOld[change.oldSection]] = true }
    for change in inserts { touched[change.newSection] = true }
    for change in moves + updatedMoves {
      touched[change.newSection] = true
      touched[sections.newSectionOfOld[change.oldSection]] = true
    }
    return touched
  }
}
