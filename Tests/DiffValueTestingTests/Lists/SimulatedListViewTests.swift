import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import Testing

typealias Item = ListDiffTestItem

@MainActor
@Suite struct SimulatedListViewTests {
  /// A view over a data source the test swaps by hand.
  final class Data {
    var items: [Item]
    init(_ items: [Item]) { self.items = items }
  }

  func make(_ items: [Item]) -> (SimulatedListView<String, Item>, Data) {
    let data = Data(items)
    return (SimulatedListView(showingItems: items) { data.items }, data)
  }

  func ids(_ ids: [Int]) -> [Item] { ids.map { Item($0) } }

  @Test func aValidBatchShowsTheDataSource() {
    let (view, data) = make(ids([1, 2, 3]))
    view.performListUpdate(
      BatchUpdate(deletes: [[0, 0]], inserts: [[0, 2]]), animation: .automatic,
      updatingData: { data.items = ids([2, 3, 4]) }, completion: { _ in })
    #expect(view.problems == [])
    #expect(view.shownItems == ids([2, 3, 4]))
  }

  /// UIKit's "invalid number of items in section 0" is recorded, not thrown.
  @Test func aBatchThatBreaksTheCountsIsRecorded() {
    let (view, data) = make(ids([1, 2, 3]))
    view.performListUpdate(
      BatchUpdate(deletes: [[0, 0]]), animation: .automatic,
      updatingData: { data.items = ids([1, 2, 3, 4]) }, completion: { _ in })
    #expect(view.problems.count == 1)
    #expect(view.problems.first?.contains("invalid number of items in section 0") == true)
  }

  /// A kept cell that should have been reloaded shows stale content: recorded too.
  @Test func aStaleCellIsRecorded() {
    let (view, data) = make(ids([1, 2]))
    view.performListUpdate(
      BatchUpdate(), animation: .automatic,
      updatingData: { data.items = [Item(1, revision: 1), Item(2)] }, completion: { _ in })
    #expect(view.problems.count == 1)
  }

  @Test func theDataSourceChangedOutsideABatchIsRecorded() {
    let (view, data) = make(ids([1, 2]))
    data.items = ids([1])
    view.performListUpdate(
      BatchUpdate(), animation: .automatic, updatingData: {}, completion: { _ in })
    #expect(view.problems.first?.hasPrefix("the data source changed outside a batch") == true)
  }

  @Test func cellsKeepTheirIdentityUnlessInsertedOrReloaded() {
    let (view, data) = make(ids([1, 2, 3]))
    let cells = (0..<3).map { view.cellIdentity(at: [0, $0]) }
    view.performListUpdate(
      BatchUpdate(
        deletes: [[0, 0]], inserts: [[0, 0]], moves: [.init(from: [0, 2], to: [0, 1])],
        reloads: []),
      animation: .automatic, updatingData: { data.items = ids([4, 3, 2]) }, completion: { _ in })
    #expect(view.problems == [])
    #expect(view.cellIdentity(at: [0, 1]) == cells[2])
    #expect(view.cellIdentity(at: [0, 2]) == cells[1])
    #expect(![cells[0], cells[1], cells[2]].contains(view.cellIdentity(at: [0, 0])))
  }

  @Test func onlyBindableCellsOnScreenCanBeRebound() {
    let (view, _) = make(ids([1, 2, 3]))
    #expect(view.bindableCell(at: [0, 0]) == nil)
    view.isBindable = { _ in true }
    view.isOnScreen = { $0[1] < 2 }
    #expect(view.bindableCell(at: [0, 1]) != nil)
    #expect(view.bindableCell(at: [0, 2]) == nil)
    #expect(view.bindableCell(at: [0, 3]) == nil)
  }

  /// A cell re-bound inside the batch shows its new item where it goes.
  @Test func aReboundCellShowsTheNewItemWhereItMoves() {
    let (view, data) = make(ids([1, 2]))
    view.isBindable = { _ in true }
    let cell = view.bindableCell(at: [0, 1])!
    view.performListUpdate(
      BatchUpdate(moves: [.init(from: [0, 1], to: [0, 0])]), animation: .automatic,
      updatingData: {
        data.items = [Item(2, revision: 1), Item(1)]
        cell.bindViewModel(Item(2, revision: 1))
      }, completion: { _ in })
    #expect(view.problems == [])
    #expect(view.shownItems == data.items)
    #expect(view.events.last == .rebind([0, 0]))
  }

  @Test func completionsWaitForTheAnimationsWhenAsked() {
    let (view, data) = make(ids([1]))
    view.completesImmediately = false
    var finished: [Bool] = []
    view.performListUpdate(
      BatchUpdate(inserts: [[0, 1]]), animation: .automatic,
      updatingData: { data.items = ids([1, 2]) }, completion: { finished.append($0) })
    #expect(view.isAnimating)
    #expect(finished == [])
    // A second batch while the first animates is what the updaters never do.
    view.performListUpdate(
      BatchUpdate(), animation: .automatic, updatingData: {}, completion: { _ in })
    #expect(view.problems == ["a batch started while another was animating"])
    view.finishAnimations()
    #expect(finished == [true])
    #expect(!view.isAnimating)
  }

  @Test func anAnimatedBatchOffWindowIsRecorded() {
    let (view, _) = make(ids([1]))
    view.isInWindow = false
    view.performListUpdate(
      BatchUpdate(), animation: .none, updatingData: {}, completion: { _ in })
    #expect(view.problems == [])
    view.performListUpdate(
      BatchUpdate(), animation: .automatic, updatingData: {}, completion: { _ in })
    #expect(view.problems == ["an animated batch update while the view is not in a window"])
  }

  @Test func aReloadShowsEverythingWithNewCells() {
    let (view, data) = make(ids([1, 2]))
    let cell = view.cellIdentity(at: [0, 0])
    view.reloadList { data.items = ids([1, 5, 6]) }
    #expect(view.events == [.reload])
    #expect(view.shownItems == ids([1, 5, 6]))
    #expect(view.cellIdentity(at: [0, 0]) != cell)
  }

  @Test func userChangesShowAtOnce() {
    let (view, _) = make(ids([1, 2, 3]))
    let cell = view.cellIdentity(at: [0, 0])
    view.simulateUserMove(from: [0, 0], to: [0, 2])
    #expect(view.shownItems == ids([2, 3, 1]))
    #expect(view.cellIdentity(at: [0, 2]) == cell)
    view.simulateUserDelete(at: [0, 0])
    #expect(view.shownItems == ids([3, 1]))
  }

  /// A destination the row cannot take is a problem, and nothing moves: past the end of its
  /// own section (which it leaves first), or not an item's index path.
  @Test func aUserMoveToNoPositionIsAProblem() {
    let (view, _) = make(ids([1, 2, 3]))
    for to: IndexPath in [[0, 3], [0, -1], [0], [], [1, 0]] {
      view.simulateUserMove(from: [0, 0], to: to)
    }
    #expect(view.problems.count == 5)
    #expect(view.shownItems == ids([1, 2, 3]))
  }

  /// DifferenceKit's staged changesets (its `XCTAssertReproducible` cases "complicated 1" and
  /// "complicated 2"): every stage replayed with the data swapped first reproduces the target,
  /// duplicated section identities included.
  @Test(arguments: [
    (
      [(0, [0, 1]), (1, [2, 3]), (2, [4, 5])],
      [(0, [0, 1]), (2, [4, 6, 5]), (3, [7, 8]), (3, [9, 10])]
    ),
    (
      [(0, [0, 1]), (1, [2, 3]), (2, [4, 5])],
      [(1, [3, 5]), (3, [6, 7, 8, 9]), (2, [10, 4, 2]), (0, [1])]
    ),
  ])
  func stagedChangesReplayToTheTarget(source: [(Int, [Int])], target: [(Int, [Int])]) {
    let old = source.map { ListSection($0.0, items: $0.1) }
    let new = target.map { ListSection($0.0, items: $0.1) }
    var data = old
    let view = SimulatedListView(showing: old) { data }
    for stage in SectionedListDiff(old: old, new: new).stages {
      view.performListUpdate(
        stage.update, animation: .automatic, updatingData: { data = stage.sections },
        completion: { _ in })
    }
    #expect(view.problems == [])
    #expect(view.shown == new)
  }
}
