// Phase 5 of the sectioned diff: the data each stage leaves on screen.

/// Builds the stages of a sectioned diff from its plan: each batch with the sections the data
/// source must return from that batch on.
@usableFromInline
internal struct _StageSnapshots<Section: DiffableSection> {
  @usableFromInline let old: [Section]
  @usableFromInline let new: [Section]
  /// The items, of which only the new-to-old direction is read.
  @usableFromInline let items: _ItemPairing
  @usableFromInline let plan: _StagePlan

  @inlinable
  init(old: [Section], new: [Section], items: _ItemPairing, plan: _StagePlan) {
    (self.old, self.new) = (old, new)
    (self.items, self.plan) = (items, plan)
  }

  @inlinable
  var sections: _SectionMatching { plan.sections }

  /// The stages: the section batch and the item batch, together unless the plan splits them,
  /// then the reload batch if it holds anything.
  ///
  /// Empty stages are left out.
  ///
  /// - Complexity: O(*S* + *M*) for *S* new sections and *M* new items, for each stage but the
  ///   last.
  @inlinable
  func stages() -> [SectionedListDiff<Section>.Stage] {
    typealias Stage = SectionedListDiff<Section>.Stage
    var stages: [Stage] = []
    let needsReloadBatch = !plan.reloadBatch.isEmpty
    if plan.splitsItems {
      stages.append(Stage(update: plan.sectionBatch, sections: afterSectionBatch()))
      stages.append(
        Stage(update: plan.itemBatch, sections: needsReloadBatch ? beforeReloads() : new))
    } else {
      var combined = plan.itemBatch
      combined.sectionDeletes = plan.sectionBatch.sectionDeletes
      combined.sectionInserts = plan.sectionBatch.sectionInserts
      combined.sectionMoves = plan.sectionBatch.sectionMoves
      combined.sectionReloads = plan.sectionBatch.sectionReloads
      if !combined.isEmpty {
        stages.append(Stage(update: combined, sections: needsReloadBatch ? beforeReloads() : new))
      }
    }
    if needsReloadBatch { stages.append(Stage(update: plan.reloadBatch, sections: new)) }
    return stages
  }

  /// The data after the section batch, when the item batch is split off: the sections in
  /// their new places and states, each surviving one still holding its old items (and its old
  /// model, if it is reloaded in a later batch).
  @inlinable
  func afterSectionBatch() -> [Section] {
    var shown = new
    for newSection in 0..<sections.newCount
    where !plan.fresh.new[newSection] && plan.sectionReloads[newSection] != .sectionBatch {
      let oldSection = sections.oldSectionOfNew[newSection]
      let keepsOldModel =
        plan.sectionReloads[newSection] == .reloadBatch
        || plan.sectionReloads[newSection] == .itemBatch
      let model = keepsOldModel ? old[oldSection] : new[newSection]
      shown[newSection] = Section(section: model, items: old[oldSection].items)
    }
    return shown
  }

  /// The data after the structural batches: items reloaded in the reload batch still show
  /// their old content, and sections reloaded there their old model.
  @inlinable
  func beforeReloads() -> [Section] {
    var shown = new
    for newSection in 0..<sections.newCount where !plan.fresh.new[newSection] {
      let base = items.newStart[newSection]
      var sectionItems: [Section.Item]? = nil
      for item in 0..<(items.newStart[newSection + 1] - base) where plan.showsOldItem[base + item] {
        if sectionItems == nil { sectionItems = new[newSection].items }
        sectionItems![item] = items.oldItem(
          Int(truncatingIfNeeded: items.oldIndexOfNew[base + item]), in: old)
      }
      let reloadedLater = plan.sectionReloads[newSection] == .reloadBatch
      if reloadedLater || sectionItems != nil {
        let model = reloadedLater ? old[sections.oldSectionOfNew[newSection]] : new[newSection]
        shown[newSection] = Section(
          section: model, items: sectionItems ?? new[newSection].items)
      }
    }
    return shown
  }
}
