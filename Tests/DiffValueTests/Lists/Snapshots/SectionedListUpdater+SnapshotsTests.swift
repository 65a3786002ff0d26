import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

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
    view.isBindable = { $0[0] == 1 }
    view.canReconfigureItems = true
    var snapshot = updater.snapshot()
    snapshot.reloadItems(items([1]))
    snapshot.reconfigureItems(items([3, 2]))
    updater.apply(snapshot)
    let expected: [SimulatedListView<String, Item>.Event] = [
      .batch(BatchUpdate(reloads: [[0, 0]])), .rebind([1, 0]), .reconfigure([0, 1]),
    ]
    #expect(view.events == expected)
    #expect(view.problems == [])
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
  @Test(arguments: 700..<706)
  func randomEdits(seed: UInt64) {
    let (updater, view) = makeSectioned([])
    view.isBindable = { $0[1].isMultiple(of: 2) }
    view.hasBindableHeader = { $0.isMultiple(of: 2) }
    runRandomSnapshotEdits(
      seed: seed, view: view, isUpdating: { updater.isUpdating },
      base: { _ in updater.snapshot() }, apply: { updater.apply($0, animatingDifferences: $1) },
      pending: { updater.snapshot().sections }, shows: { $0.sections })
  }

  /// Random edits applied one at a time to a view whose cells come from a cell provider: each
  /// item the snapshot marks gets a new cell (a reload) or its cell configured again (a
  /// reconfigure), whatever else the snapshot changed.
  @Test(arguments: 900..<906)
  func everyMarkedItemIsShownAgain(seed: UInt64) {
    let view = SimulatedListView<String, Item>(showing: []) { [] }
    let updater = SectionedListUpdater<Group>(view: view, sections: []) { view, indexPath, _ in
      view.dequeueCell(for: indexPath)
    }
    checkMarkedItemsAreShownAgain(
      seed: seed, view: view, base: { _ in updater.snapshot() },
      apply: { updater.apply($0) }, shows: { $0.sections })
  }
}
