// Phase 1 of the sectioned diff: the sections are diffed like a list.

/// The sections of two sectioned lists matched by identity, with what happened to each.
@usableFromInline
internal struct _SectionMatching {
  /// The diff of the sections alone.
  @usableFromInline let diff: ListDiff
  /// For each old section, the index of the same section in the new list, or -1.
  @usableFromInline var newSectionOfOld: [Int]
  /// For each new section, the index of the same section in the old list, or -1.
  @usableFromInline var oldSectionOfNew: [Int]
  /// For each new section, whether it is one of the diff's moves.
  @usableFromInline var moved: [Bool]
  /// For each new section, whether its own content changed.
  @usableFromInline var updated: [Bool]

  /// Diffs the sections and indexes the result both ways.
  ///
  /// - Complexity: Expected O(*n* + *m*) for *n* and *m* sections, plus O(*k* log *k*) for
  ///   the *k* matched sections out of order.
  @inlinable
  init<Section: Diffable>(old: [Section], new: [Section]) {
    diff = ListDiff(old: old, new: new)
    newSectionOfOld = [Int](repeating: -1, count: old.count)
    oldSectionOfNew = [Int](repeating: -1, count: new.count)
    for newSection in 0..<new.count {
      if let oldSection = diff.oldIndex(for: newSection) {
        oldSectionOfNew[newSection] = oldSection
        newSectionOfOld[oldSection] = newSection
      }
    }
    moved = [Bool](repeating: false, count: new.count)
    for move in diff.moves { moved[move.to] = true }
    updated = [Bool](repeating: false, count: new.count)
    for oldSection in diff.updates { updated[newSectionOfOld[oldSection]] = true }
  }

  /// The number of old sections.
  @inlinable
  var oldCount: Int { newSectionOfOld.count }

  /// The number of new sections.
  @inlinable
  var newCount: Int { oldSectionOfNew.count }

  /// Whether an old section survives and moves.
  @inlinable
  func isMoved(oldSection: Int) -> Bool {
    let newSection = newSectionOfOld[oldSection]
    return newSection >= 0 && moved[newSection]
  }
}

/// The sections whose items come and go with the section in the first stage: deleted and
/// inserted ones, and with ``SectionedListDiff/Staging/singleBatch`` the changed ones
/// (reloaded, or deleted and inserted) and the moved ones replaced by a delete and an insert.
///
/// The items of a fresh section get no operations of their own: an item that moves out of a
/// fresh old section is inserted, one that moves into a fresh new section is deleted.
@usableFromInline
internal struct _FreshSections {
  /// For each old section, whether it is fresh.
  @usableFromInline var old: [Bool]
  /// For each new section, whether it is fresh.
  @usableFromInline var new: [Bool]

  /// The deleted and inserted sections, and in a single batch the changed ones.
  @inlinable
  init(sections: _SectionMatching, singleBatch: Bool) {
    old = [Bool](repeating: false, count: sections.oldCount)
    new = [Bool](repeating: false, count: sections.newCount)
    for oldSection in sections.diff.deletes { old[oldSection] = true }
    for newSection in sections.diff.inserts { new[newSection] = true }
    if singleBatch {
      for newSection in 0..<sections.newCount where sections.updated[newSection] {
        markMatched(newSection: newSection, sections: sections)
      }
    }
  }

  /// Makes a matched section fresh on both sides.
  @inlinable
  mutating func markMatched(newSection: Int, sections: _SectionMatching) {
    new[newSection] = true
    old[sections.oldSectionOfNew[newSection]] = true
  }
}
