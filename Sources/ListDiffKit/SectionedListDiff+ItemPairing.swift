// Phase 2 of the sectioned diff: the items of all sections are paired by identity.

/// The items of two sectioned lists paired by identity, numbered across all sections.
///
/// Items have flat offsets: the items of section 0, then those of section 1, and so on.
/// Pairing runs in two rounds: first within each matched pair of sections, where most items
/// usually stay (small tables that stay in cache), then among the items left over, across
/// all sections. Duplicate identifiers pair in order within each round, as
/// ``ListDiff/DuplicatePolicy/pairInOrder`` does.
@usableFromInline
internal struct _ItemPairing {
  /// For each old section, the flat offset of its first item; one more entry holds the count.
  @usableFromInline var oldStart: [Int]
  /// For each new section, the flat offset of its first item; one more entry holds the count.
  @usableFromInline var newStart: [Int]
  /// For each old flat offset, the item's section.
  @usableFromInline var oldSectionOfItem: [Int32]
  /// For each new flat offset, the item's section.
  @usableFromInline var newSectionOfItem: [Int32]
  /// For each old flat offset, the new flat offset of the same item, or -1.
  @usableFromInline var newIndexOfOld: [Int32]
  /// For each new flat offset, the old flat offset of the same item, or -1.
  @usableFromInline var oldIndexOfNew: [Int32]

  /// Numbers the items and pairs them, within matched sections first, then across sections.
  ///
  /// - Complexity: Expected O(*N* + *M*) for *N* and *M* items.
  @inlinable
  init<Section: DiffableSection>(old: [Section], new: [Section], sections: _SectionMatching) {
    oldStart = Self.sectionStarts(old)
    newStart = Self.sectionStarts(new)
    let oldItemCount = oldStart[old.count]
    let newItemCount = newStart[new.count]
    precondition(
      oldItemCount <= _maximumListCount && newItemCount <= _maximumListCount,
      "SectionedListDiff supports at most \(_maximumListCount) items per list")
    oldSectionOfItem = Self.sectionOfEachItem(old, count: oldItemCount)
    newSectionOfItem = Self.sectionOfEachItem(new, count: newItemCount)
    newIndexOfOld = [Int32](repeating: -1, count: oldItemCount)
    oldIndexOfNew = [Int32](repeating: -1, count: newItemCount)
    pairWithinSections(old: old, new: new, sections: sections)
    pairAcrossSections(old: old, new: new)
  }

  /// The flat offset of each section's first item, and the item count last.
  @inlinable
  static func sectionStarts<Section: DiffableSection>(_ sections: [Section]) -> [Int] {
    var starts = [Int](repeating: 0, count: sections.count + 1)
    for (index, section) in sections.enumerated() {
      starts[index + 1] = starts[index] + section.items.count
    }
    return starts
  }

  /// The section of each item, by flat offset.
  @inlinable
  static func sectionOfEachItem<Section: DiffableSection>(
    _ sections: [Section], count: Int
  ) -> [Int32] {
    var sectionOfItem = [Int32]()
    sectionOfItem.reserveCapacity(count)
    for (index, section) in sections.enumerated() {
      sectionOfItem.append(
        contentsOf: repeatElement(Int32(truncatingIfNeeded: index), count: section.items.count))
    }
    return sectionOfItem
  }

  /// The first round: pairs the items of each matched pair of sections.
  @inlinable
  mutating func pairWithinSections<Section: DiffableSection>(
    old: [Section], new: [Section], sections: _SectionMatching
  ) {
    for newSection in 0..<new.count {
      let oldSection = sections.oldSectionOfNew[newSection]
      guard oldSection >= 0 else { continue }
      let local = old[oldSection].items.withUnsafeBufferPointer { oldBuffer in
        new[newSection].items.withUnsafeBufferPointer { newBuffer in
          precondition(
            oldBuffer.count == oldStart[oldSection + 1] - oldStart[oldSection]
              && newBuffer.count == newStart[newSection + 1] - newStart[newSection],
            "SectionedListDiff: a section's items changed while the diff read them; "
              + "DiffableSection.items must return the same items on every read")
          return _pairLists(
            old: oldBuffer, new: newBuffer, duplicates: .pairInOrder,
            updates: _NoUpdateDetection())
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
  }

  /// The second round: pairs the items left unpaired by the first, across all sections.
  @inlinable
  mutating func pairAcrossSections<Section: DiffableSection>(old: [Section], new: [Section]) {
    let (oldLeftovers, oldLeftoverOffsets) = Self.unpaired(
      old, starts: oldStart, partners: newIndexOfOld)
    guard !oldLeftovers.isEmpty else { return }
    let (newLeftovers, newLeftoverOffsets) = Self.unpaired(
      new, starts: newStart, partners: oldIndexOfNew)
    let global = oldLeftovers.withUnsafeBufferPointer { oldBuffer in
      newLeftovers.withUnsafeBufferPointer { newBuffer in
        _pairLists(
          old: oldBuffer, new: newBuffer, duplicates: .pairInOrder,
          updates: _NoUpdateDetection())
      }
    }
    for (leftover, partner) in global.newIndexOfOld.enumerated() where partner >= 0 {
      let oldFlat = oldLeftoverOffsets[leftover]
      let newFlat = newLeftoverOffsets[Int(partner)]
      newIndexOfOld[oldFlat] = Int32(truncatingIfNeeded: newFlat)
      oldIndexOfNew[newFlat] = Int32(truncatingIfNeeded: oldFlat)
    }
  }

  /// The items without a partner, in order, with their flat offsets.
  @inlinable
  static func unpaired<Section: DiffableSection>(
    _ sections: [Section], starts: [Int], partners: [Int32]
  ) -> (items: ContiguousArray<Section.Item>, offsets: [Int]) {
    var items = ContiguousArray<Section.Item>()
    var offsets: [Int] = []
    for (index, section) in sections.enumerated() {
      let base = starts[index]
      for (item, value) in section.items.enumerated() where partners[base + item] < 0 {
        items.append(value)
        offsets.append(base + item)
      }
    }
    return (items, offsets)
  }

  /// Frees the maps that only the classification reads (`newIndexOfOld`, `newSectionOfItem`),
  /// before the stages' data is built: that takes about as much memory again, and can then
  /// reuse theirs.
  @inlinable
  mutating func dropOldToNewDirection() {
    newIndexOfOld = []
    newSectionOfItem = []
  }

  /// The number of old items.
  @inlinable
  var oldItemCount: Int { oldSectionOfItem.count }

  /// The number of new items.
  @inlinable
  var newItemCount: Int { oldIndexOfNew.count }

  /// The old item at a flat offset.
  @inlinable @inline(__always)
  func oldItem<Section: DiffableSection>(_ flat: Int, in old: [Section]) -> Section.Item {
    let section = Int(truncatingIfNeeded: oldSectionOfItem[flat])
    return old[section].items[flat - oldStart[section]]
  }
}
