import ListDiffTestSupport
import Testing

@testable import ListDiffKit

/// The phases of a sectioned diff of two lists written as in `sections(_:)`, for tests.
struct Phases {
  let old: [TestSection]
  let new: [TestSection]
  let sections: _SectionMatching
  let items: _ItemPairing

  init(_ old: String, _ new: String) {
    self.old = ListDiffKitTests.sections(old)
    self.new = ListDiffKitTests.sections(new)
    sections = _SectionMatching(old: self.old, new: self.new)
    items = _ItemPairing(old: self.old, new: self.new, sections: sections)
  }

  func fresh(_ staging: SectionedListDiff<TestSection>.Staging) -> _FreshSections {
    _FreshSections(sections: sections, singleBatch: staging == .singleBatch)
  }

  func changes(_ staging: SectionedListDiff<TestSection>.Staging) -> _ItemChanges {
    _ItemChanges(old: old, new: new, sections: sections, items: items, fresh: fresh(staging))
  }

  func plan(_ staging: SectionedListDiff<TestSection>.Staging) -> _StagePlan {
    _StagePlan(old: old, new: new, sections: sections, items: items, staging: staging)
  }

  func snapshots(_ staging: SectionedListDiff<TestSection>.Staging) -> _StageSnapshots<
    TestSection
  > {
    _StageSnapshots(old: old, new: new, items: items, plan: plan(staging))
  }
}
