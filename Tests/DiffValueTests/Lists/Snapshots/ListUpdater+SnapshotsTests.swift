import DiffValue
import DiffValueTesting
import ListDiffTestSupport
import Testing

/// A flat list shown from snapshots, as a diffable data source is.
@MainActor
@Suite struct ListUpdaterSnapshotsTests {
  @Test func aSnapshotIsShownInOneValidBatch() {
    let (updater, view) = makeList(items([1, 2, 3]))
    var snapshot = updater.snapshot()
    #expect(snapshot.sectionIdentifiers == [.main])
    #expect(snapshot.itemIdentifiers == items([1, 2, 3]))
    snapshot.deleteItems([Item(2)])
    snapshot.appendItems(items([4]))
    snapshot.moveItem(Item(3), beforeItem: Item(1))
    var completed = false
    updater.apply(snapshot, animatingDifferences: false) { completed = true }
    #expect(completed)
    #expect(view.problems == [])
    #expect(view.shownItems == items([3, 1, 4]))
    #expect(view.batches.count == 1)
    #expect(view.animations == [.none])
    #expect(updater.snapshot() == snapshot)
  }

  /// The view shows every section's items, in order, in its one section.
  @Test func aFlatListShowsTheItemsOfEverySection() {
    let (updater, view) = makeList([])
    updater.apply(snapshot(["a": [1, 2], "b": [], "c": [3]]))
    #expect(view.problems == [])
    #expect(view.shownItems == items([1, 2, 3]))
    #expect(updater.snapshot().layout == ["main: [1, 2, 3]"])
  }

  /// No `reconfigureItems` for a change the value holds: the content comparison finds it.
  @Test func aChangedItemIsRefreshedWithoutBeingMarked() {
    let (updater, view) = makeList(items([1, 2]))
    view.canReconfigureItems = true
    var snapshot = updater.snapshot()
    snapshot.deleteAllItems()
    snapshot.appendSections([.main])
    snapshot.appendItems([Item(1), Item(2, revision: 1)])
    updater.apply(snapshot)
    #expect(view.events == [.batch(BatchUpdate()), .reconfigure([0, 1])])
    #expect(view.shownItems == [Item(1), Item(2, revision: 1)])
  }

  /// Marks refresh unchanged items: a reconfigure re-binds a bindable cell or reconfigures a
  /// plain one; a reload replaces even a bindable cell.
  @Test func theMarksRefreshUnchangedItems() {
    let (updater, view) = makeList(items([1, 2, 3]))
    view.canReconfigureItems = true
    view.isBindable = { $0[1] != 1 }
    let cells = (0..<3).map { view.cellIdentity(at: [0, $0]) }
    var snapshot = updater.snapshot()
    snapshot.reconfigureItems(items([1, 2]))
    snapshot.reloadItems(items([3]))
    updater.apply(snapshot)
    #expect(view.problems == [])
    #expect(
      view.events == [
        .batch(BatchUpdate(reloads: [[0, 2]])), .rebind([0, 0]), .reconfigure([0, 1]),
      ])
    #expect(view.cellIdentity(at: [0, 1]) == cells[1])
    #expect(view.cellIdentity(at: [0, 2]) != cells[2])
    #expect(updater.snapshot().reconfiguredItemIdentifiers == [])
  }

  /// A flat list has no section to reload: the section's items are.
  @Test func reloadingASectionReloadsItsItems() {
    let (updater, view) = makeList([])
    updater.apply(snapshot(["a": [1, 2], "b": [3]]))
    var next = snapshot(["a": [1, 2], "b": [3]])
    next.reloadSections(["a"])
    view.clearEvents()
    updater.apply(next)
    #expect(view.events == [.batch(BatchUpdate(reloads: [[0, 0], [0, 1]]))])
    #expect(view.problems == [])
  }

  /// `snapshot()` starts from the latest list applied, not from what an animation still shows:
  /// an edit of it loses no change waiting.
  @Test func theSnapshotHoldsTheChangesWaiting() {
    let (updater, view) = makeList(items([1, 2]))
    view.completesImmediately = false
    var first = updater.snapshot()
    first.appendItems(items([3]))
    updater.apply(first)
    var second = updater.snapshot()
    second.appendItems(items([4]))
    updater.apply(second)
    #expect(view.shownItems == items([1, 2, 3]))
    var third = updater.snapshot()
    #expect(third.itemIdentifiers == items([1, 2, 3, 4]))
    third.deleteItems(items([1]))
    updater.apply(third)
    view.finishAnimations()
    #expect(view.shownItems == items([2, 3, 4]))
    #expect(view.batches.count == 2)
    #expect(view.problems == [])
  }

  /// Where the diffable data source traps, the list shows the item twice.
  @Test func aRepeatedItemIsShownTwice() {
    let (updater, view) = makeList(items([1, 2]))
    var snapshot = updater.snapshot()
    snapshot.appendItems(items([1, 2, 1]))
    updater.apply(snapshot)
    #expect(view.problems == [])
    #expect(view.shownItems == items([1, 2, 1, 2, 1]))
    snapshot.deleteItems([Item(1)])
    updater.apply(snapshot)
    #expect(view.shownItems == items([2, 2]))
    #expect(view.problems == [])
  }

  @Test func awaitingAnApplyReturnsOnceShown() async {
    let (updater, view) = makeList(items([1]))
    var snapshot = updater.snapshot()
    snapshot.appendItems(items([2]))
    let shown = await updater.apply(snapshot)
    #expect(shown)
    #expect(view.shownItems == items([1, 2]))
    snapshot.appendItems(items([3]))
    let reloaded = await updater.applySnapshotUsingReloadData(snapshot)
    #expect(reloaded)
    #expect(view.events.last == .reload)
    #expect(view.shownItems == items([1, 2, 3]))
  }

  @Test func reloadingDataShowsTheSnapshotWithoutADiff() {
    let (updater, view) = makeList(items([1, 2]))
    var completed = false
    updater.applySnapshotUsingReloadData(snapshot(["a": [2, 5]])) { completed = true }
    #expect(completed)
    #expect(view.events == [.reload])
    #expect(view.shownItems == items([2, 5]))
  }

  /// Random edits by every name, applied with animations that end at random moments: after
  /// each apply the snapshot is what the updater will show, and once the animations end, what
  /// the view shows; every batch keeps UIKit's rules.
  @Test(arguments: 500..<506)
  func randomEdits(seed: UInt64) {
    let (updater, view) = makeList([])
    view.isBindable = { $0[1].isMultiple(of: 3) }
    runRandomSnapshotEdits(
      seed: seed, view: view, isUpdating: { updater.isUpdating },
      base: { ListSnapshot($0.sections) },  // unmarked, as a snapshot() is
      apply: { updater.apply($0, animatingDifferences: $1) },
      pending: { [ListSection("list", items: updater.snapshot().itemIdentifiers)] },
      shows: { [ListSection("list", items: $0.itemIdentifiers)] })
  }

  /// Random edits applied one at a time to a view whose cells come from a cell provider: each
  /// item the snapshot marks, or that is in a section it marks, gets a new cell (a reload) or
  /// its cell configured again (a reconfigure), whatever else the snapshot changed.
  @Test(arguments: 1_100..<1_106)
  func everyMarkedItemIsShownAgain(seed: UInt64) {
    let view = SimulatedListView<String, Item>(showingItems: []) { [] }
    let updater = ListUpdater<Item>(view: view, items: []) { view, indexPath, _ in
      view.dequeueCell(for: indexPath)
    }
    checkMarkedItemsAreShownAgain(
      seed: seed, view: view, base: { ListSnapshot($0.sections) },
      apply: { updater.apply($0) }, shows: { [ListSection("list", items: $0.itemIdentifiers)] })
  }
}
