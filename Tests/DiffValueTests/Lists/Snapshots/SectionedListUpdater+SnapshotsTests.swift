import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import TestSupport
import Testing

/// The cell showing each item whose identifier is shown once, and how many times it was
/// configured: the view asks its cell provider for the cells not made yet.
@MainActor
func cellsByItem<Model>(_ view: SimulatedListView<Model, Item>) -> [Int: (SimulatedCell, Int)] {
  var occurrences: [Int: Int] = [:]
  for item in view.shown.flatMap(\.items) { occurrences[item.id, default: 0] += 1 }
  var cells: [Int: (SimulatedCell, Int)] = [:]
  for (section, group) in view.shown.enumerated() {
    for (row, item) in group.items.enumerated() where occurrences[item.id] == 1 {
      if let cell = view.cell(at: [section, row]) {
        cells[item.id] = (cell, cell.configurationCount)
      }
    }
  }
  return cells
}

/// The problems with how the items a snapshot marked were shown again, between the cells
/// before and after it was applied: a reloaded item, or one of a reloaded section, needs a new
/// cell; a reconfigured one a new cell, or its cell configured again.
func refreshProblems(
  _ marked: ListSnapshot<String, Item>, before: [Int: (SimulatedCell, Int)],
  after: [Int: (SimulatedCell, Int)]
) -> [String] {
  var problems: [String] = []
  let reloadedSections = marked.reloadedSectionIdentifiers.flatMap {
    marked.itemIdentifiers(inSection: $0)
  }
  for item in marked.reloadedItemIdentifiers + reloadedSections {
    if let old = before[item.id], let new = after[item.id], old.0 === new.0 {
      problems.append("\(item) was marked to reload and kept its cell")
    }
  }
  for item in marked.reconfiguredItemIdentifiers {
    if let old = before[item.id], let new = after[item.id], old.0 === new.0, new.1 == old.1 {
      problems.append("\(item) was marked to reconfigure and its cell was not configured again")
    }
  }
  return problems
}

/// Sections shown from snapshots, as a collection view's diffable data source shows them.
@MainActor
@Suite struct SectionedListUpdaterSnapshotsTests {
  @Test func aSnapshotOfSectionsIsShown() {
    let (updater, view) = makeSectioned([
      Group("a", items: items([1, 2])), Group("b", items: items([3])),
    ])
    var snapshot = updater.snapshot()
    #expect(snapshot.layout == ["a: [1, 2]", "b: [3]"])
    snapshot.moveSection("b", beforeSection: "a")
    snapshot.moveItem(Item(1), afterItem: Item(3))
    snapshot.appendSections(["c"])
    snapshot.appendItems(items([4]))
    var completed = false
    updater.apply(snapshot) { completed = true }
    #expect(completed)
    #expect(view.problems == [])
    #expect(view.shown == snapshot.sections)
    #expect(updater.snapshot() == snapshot)
  }

  /// A section's own content that changed re-binds its bindable header; `reloadSections`
  /// reloads the section all the same.
  @Test func reloadingASectionReloadsItWhateverItsHeader() {
    let sections = [TitledGroup(Header(name: "a", title: "A"), items: items([1]))]
    var updater: SectionedListUpdater<TitledGroup>!
    let view = SimulatedListView(showing: sections) { updater.sections }
    updater = SectionedListUpdater(view: view, sections: sections)
    view.hasBindableHeader = { _ in true }
    var snapshot = updater.snapshot()
    snapshot.deleteSections([Header(name: "a", title: "")])
    snapshot.appendSections([Header(name: "a", title: "Ay")])
    snapshot.appendItems(items([1]))
    updater.apply(snapshot)
    #expect(view.events == [.batch(BatchUpdate()), .rebindHeader(section: 0)])
    snapshot.reloadSections([Header(name: "a", title: "Ay")])
    view.clearEvents()
    updater.apply(snapshot)
    #expect(view.events == [.batch(BatchUpdate(sectionReloads: [0]))])
    #expect(view.problems == [])
    #expect(view.shown == snapshot.sections)
  }

  @Test func theMarksRefreshItemsInTheirSections() {
    let (updater, view) = makeSectioned([
      Group("a", items: items([1, 2])), Group("b", items: items([3])),
    ])
    view.canReconfigureItems = true
    view.isBindable = { $0 == [0, 0] || $0 == [1, 0] }
    var snapshot = updater.snapshot()
    snapshot.reconfigureItems(items([1, 2]))
    snapshot.reloadItems(items([3]))
    updater.apply(snapshot)
    #expect(view.problems == [])
    #expect(
      view.events == [
        .batch(BatchUpdate(reloads: [[1, 0]])), .rebind([0, 0]), .reconfigure([0, 1]),
      ])
  }

  /// A marked item that moves to another section is refreshed where it goes.
  @Test func aMarkedItemMovingAcrossSectionsIsRefreshedWhereItGoes() {
    let (updater, view) = makeSectioned([
      Group("a", items: items([1, 2])), Group("b", items: items([3])),
    ])
    view.isBindable = { _ in true }
    let cell = view.cellIdentity(at: [0, 0])
    var snapshot = updater.snapshot()
    snapshot.moveItem(Item(1), afterItem: Item(3))
    snapshot.reconfigureItems(items([1]))
    updater.apply(snapshot)
    #expect(view.problems == [])
    #expect(view.shown == snapshot.sections)
    #expect(view.cellIdentity(at: [1, 1]) == cell)
    #expect(view.rebound.last == [1, 1])
  }

  @Test func repeatedSectionsAndItemsAreShown() {
    let (updater, view) = makeSectioned([Group("a", items: items([1]))])
    var snapshot = updater.snapshot()
    snapshot.appendSections(["b", "a"])
    snapshot.appendItems(items([1, 1]))
    snapshot.appendItems(items([2]), toSection: "a")
    updater.apply(snapshot)
    #expect(view.problems == [])
    #expect(view.shown == snapshot.sections)
    #expect(snapshot.layout == ["a: [1, 2]", "b: []", "a: [1, 1]"])
  }

  @Test func awaitingAnApplyReturnsOnceShown() async {
    let (updater, view) = makeSectioned([Group("a", items: items([1]))])
    view.completesImmediately = false
    var snapshot = updater.snapshot()
    snapshot.insertSections(["z"], beforeSection: "a")
    let task = Task { await updater.apply(snapshot) }
    await Task.yield()
    view.finishAnimations()
    #expect(await task.value)
    #expect(view.shown == snapshot.sections)
    #expect(await updater.applySnapshotUsingReloadData(ListSnapshot()))
    #expect(view.shown == [])
  }

  /// Random edits by every name through `snapshot()` and `apply`, with animations that end at
  /// random moments: every batch keeps UIKit's rules, the snapshot is what the updater will
  /// show, and once the animations end, what the view shows.
  @Test(arguments: 0..<6)
  func randomEdits(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: 700 + seed)
    let (updater, view) = makeSectioned([])
    view.canReconfigureItems = seed.isMultiple(of: 2)
    view.isBindable = { $0[1].isMultiple(of: 2) }
    view.hasBindableHeader = { $0.isMultiple(of: 2) }
    view.completesImmediately = false
    var expected = updater.snapshot()
    for step in 0..<300 {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<6:
        expected = updater.snapshot()
        expected.randomEdit(step: step, using: &random)
        updater.apply(expected, animatingDifferences: Bool.random(using: &random))
        #expect(updater.snapshot().sections == expected.sections, "seed \(seed)")
      case 6..<8: view.finishNextAnimation()
      default: view.finishAnimations()
      }
      #expect(view.problems == [], "seed \(seed), step \(step)")
      if !updater.isUpdating && !view.isAnimating {
        #expect(view.shown == expected.sections, "seed \(seed), step \(step)")
      }
      if !view.problems.isEmpty { return }
    }
    view.finishAnimations()
    #expect(view.shown == expected.sections, "seed \(seed)")
  }

  /// Random edits applied one at a time to a view whose cells come from a cell provider: each
  /// item the snapshot marks gets a new cell (a reload) or its cell configured again (a
  /// reconfigure), whatever else the snapshot changed.
  @Test(arguments: 0..<6)
  func everyMarkedItemIsShownAgain(seed: UInt64) {
    var random = SeededRandomNumberGenerator(seed: 900 + seed)
    let view = SimulatedListView<String, Item>(showing: []) { [] }
    let updater = SectionedListUpdater<Group>(view: view, sections: []) { view, indexPath, _ in
      view.dequeueCell(for: indexPath)
    }
    view.canReconfigureItems = !seed.isMultiple(of: 2)
    for step in 0..<200 {
      var next = updater.snapshot()
      next.randomEdit(step: step, using: &random)
      if Bool.random(using: &random), !next.itemIdentifiers.isEmpty {
        next.reconfigureItems([next.itemIdentifiers[0]])
      }
      let before = cellsByItem(view)
      updater.apply(next)
      #expect(view.problems == [], "seed \(seed), step \(step)")
      #expect(view.shown == next.sections, "seed \(seed), step \(step)")
      let problems = refreshProblems(next, before: before, after: cellsByItem(view))
      #expect(problems == [], "seed \(seed), step \(step)")
      if !view.problems.isEmpty || !problems.isEmpty { return }
    }
  }
}
