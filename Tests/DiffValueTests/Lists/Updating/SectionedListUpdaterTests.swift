import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

typealias Group = ListSection<String, ListDiffTestItem>

/// A sectioned updater and the simulated view that reads its sections.
@MainActor
func makeSectioned(_ sections: [Group], threshold: Int = 1_000)
  -> (SectionedListUpdater<Group>, SimulatedListView<String, ListDiffTestItem>)
{
  var updater: SectionedListUpdater<Group>!
  let view = SimulatedListView(showing: sections) { updater.sections }
  updater = SectionedListUpdater(view: view, sections: sections, reloadThreshold: threshold)
  return (updater, view)
}

/// A section model whose identity is its name and whose content is its title.
struct Header: Hashable, Diffable, CustomStringConvertible {
  var name: String
  var title: String
  var diffIdentifier: String { name }
  func isContentEqual(to other: Header) -> Bool { title == other.title }
  var description: String { "\(name):\(title)" }
}

typealias TitledGroup = ListSection<Header, ListDiffTestItem>

@MainActor
@Suite struct SectionedListUpdaterTests {
  @Test func stagesRunInOrderAndTheCompletionFollowsTheLast() {
    let old = [Group("a", items: [Item(1), Item(2)]), Group("b", items: [Item(3)])]
    let new = [Group("b", items: [Item(3, revision: 1), Item(1)]), Group("a", items: [Item(2)])]
    let (updater, view) = makeSectioned(old)
    view.completesImmediately = false
    var completed = false
    updater.apply(SectionedListChange(old: old, new: new)) { completed = true }
    while view.isAnimating {
      #expect(!completed)
      view.finishAnimations()
    }
    #expect(completed)
    #expect(view.problems == [])
    #expect(view.shown == new)
  }

  /// IGListKit's `test_whenUpdating_withViewModelDeletionsMovesAndReloads_thatCellUpdatedAnd…`:
  /// a section goes away; in the other one an item moves and changes, one moves, one stays,
  /// one changes in place.
  ///
  /// Every bindable cell is kept and shows its new item.
  @Test func bindableCellsStayAcrossMovesAndChanges() {
    let old = [
      Group("0", items: [Item(10), Item(11), Item(12)]),
      Group("1", items: [Item(20), Item(21), Item(1), Item(2)]),
    ]
    let new = [
      Group("1", items: [Item(1, revision: 1), Item(21), Item(20), Item(2, revision: 1)])
    ]
    let (updater, view) = makeSectioned(old)
    view.isBindable = { _ in true }
    let cells = (0..<4).map { view.cellIdentity(at: [1, $0]) }
    updater.apply(SectionedListChange(old: old, new: new))
    #expect(view.problems == [])
    #expect(view.shown == new)
    #expect(
      [0, 1, 2, 3].map { view.cellIdentity(at: [0, $0]) } == [2, 1, 0, 3].map { cells[$0] })
    #expect(Set(view.rebound) == [[0, 0], [0, 3]])
  }

  @Test func aChangedItemMovingAcrossSectionsKeepsItsCell() {
    let old = [Group("a", items: [Item(1), Item(2)]), Group("b", items: [Item(3)])]
    let new = [Group("a", items: [Item(2)]), Group("b", items: [Item(3), Item(1, revision: 1)])]
    let (updater, view) = makeSectioned(old)
    view.isBindable = { _ in true }
    let cell = view.cellIdentity(at: [0, 0])
    updater.apply(SectionedListChange(old: old, new: new))
    #expect(view.problems == [])
    #expect(view.shown == new)
    #expect(view.cellIdentity(at: [1, 1]) == cell)
  }

  @Test func aChangedHeaderIsReboundAndTheSectionKeepsItsCells() {
    let old = [
      TitledGroup(Header(name: "a", title: "A"), items: [Item(1), Item(2)]),
      TitledGroup(Header(name: "b", title: "B"), items: [Item(3)]),
    ]
    var new = old
    new[0].model.title = "A, renamed"
    new[0].items.insert(Item(4), at: 0)
    var updater: SectionedListUpdater<TitledGroup>!
    let view = SimulatedListView(showing: old) { updater.sections }
    updater = SectionedListUpdater(view: view, sections: old)
    view.hasBindableHeader = { _ in true }
    let cells = [view.cellIdentity(at: [0, 0]), view.cellIdentity(at: [0, 1])]
    updater.apply(SectionedListChange(old: old, new: new))
    #expect(view.problems == [])
    #expect(view.shown == new)
    #expect(view.events.contains(.rebindHeader(section: 0)))
    #expect(view.batches.allSatisfy { $0.sectionReloads.isEmpty })
    #expect([view.cellIdentity(at: [0, 1]), view.cellIdentity(at: [0, 2])] == cells)
  }

  @Test func aChangedHeaderThatCannotBeReboundReloadsItsSection() {
    let old = [TitledGroup(Header(name: "a", title: "A"), items: [Item(1)])]
    var new = old
    new[0].model.title = "A, renamed"
    var updater: SectionedListUpdater<TitledGroup>!
    let view = SimulatedListView(showing: old) { updater.sections }
    updater = SectionedListUpdater(view: view, sections: old)
    updater.apply(SectionedListChange(old: old, new: new))
    #expect(view.problems == [])
    #expect(view.shown == new)
    #expect(view.batches == [BatchUpdate(sectionReloads: [0])])
  }

  /// A header re-bound in a section that also moves, with items moving out of it.
  @Test func aReboundHeaderInAMovingSection() {
    let old = [
      TitledGroup(Header(name: "a", title: "A"), items: [Item(1), Item(2)]),
      TitledGroup(Header(name: "b", title: "B"), items: [Item(3)]),
    ]
    let new = [
      TitledGroup(Header(name: "b", title: "B"), items: [Item(3), Item(1)]),
      TitledGroup(Header(name: "a", title: "A2"), items: [Item(2)]),
    ]
    var updater: SectionedListUpdater<TitledGroup>!
    let view = SimulatedListView(showing: old) { updater.sections }
    updater = SectionedListUpdater(view: view, sections: old)
    view.hasBindableHeader = { _ in true }
    view.completesImmediately = false
    updater.apply(SectionedListChange(old: old, new: new))
    view.finishAnimations()
    #expect(view.problems == [])
    #expect(view.shown == new)
    #expect(view.events.contains(.rebindHeader(section: 1)))
  }
}
