// The sectioned diff, in five phases, each a type of its own:
// 1. `_SectionMatching`: the sections are diffed like a list.
// 2. `_ItemPairing`: items are paired by identity, first within each matched pair of sections,
//    then across all sections.
// 3. `_ItemChanges`: each item change is classified; within each surviving section, the items
//    that stayed in it keep a longest increasing subsequence in place and the others move.
// 4. `_StagePlan`: each change goes in the first batch unless one of the three staging rules
//    forbids it there.
// 5. `_StageSnapshots`: the stages, each batch with the data to show after it.

extension SectionedListDiff {
  /// Computes the section diff and the stages.
  @inlinable
  internal static func _compute(
    old: [Section], new: [Section], staging: Staging
  ) -> (ListDiff, [Stage]) {
    let sections = _SectionMatching(old: old, new: new)
    var items = _ItemPairing(old: old, new: new, sections: sections)
    let plan = _StagePlan(old: old, new: new, sections: sections, items: items, staging: staging)
    items.dropOldToNewDirection()
    let stages = _StageSnapshots(old: old, new: new, items: items, plan: plan).stages()
    return (sections.diff, stages)
  }
}
