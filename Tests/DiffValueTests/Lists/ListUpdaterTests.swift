import DiffValue
import TestSupport
import Testing

typealias Item = ListDiffTestItem

@MainActor
@Suite struct ListUpdaterTests {
  /// An updater and the simulated view that reads its items.
  func make(_ items: [Item], threshold: Int = 300)
    -> (ListUpdater<Item>, SimulatedListView<String, Item>)
  {
    var updater: ListUpdater<Item>!
    let view = SimulatedListView(showingItems: items) { updater.items }
    updater = ListUpdater(view: view, items: items, reloadThreshold: threshold)
    return (updater, view)
  }

  func items(_ ids: [Int], revision: Int = 0) -> [Item] { ids.map { Item($0, revision: revision) } }

  @Test func aChangeBecomesOneValidBatchAndCompletes() {
    let (updater, view) = make(items([1, 2, 3, 4]))
    var completed = false
    updater.apply(ListChange(old: items([1, 2, 3, 4]), new: items([4, 2, 5, 1]))) {
      completed = true
    }
    #expect(completed)
    #expect(view.problems == [])
    #expect(view.shownItems == items([4, 2, 5, 1]))
    #expect(view.events.count == 1)
  }

  @Test func contentChangesRebindBindableCellsAndReloadTheOthers() {
    let (updater, view) = make(items([1, 2, 3]))
    view.isBindable = { $0[1] != 2 }  // the third cell is a plain cell
    let new = [Item(1, revision: 1), Item(2), Item(3, revision: 1)]
    updater.apply(ListChange(old: items([1, 2, 3]), new: new))
    #expect(view.problems == [])
    #expect(view.shownItems == new)
    guard case .batch(let update) = view.events.first else {
      Issue.record("no batch")
      return
    }
    #expect(update.reloads == [[0, 2]])
    #expect(view.events.dropFirst().map(\.description) == ["rebind [0, 0]"])
  }

  @Test func aLargeChangeReloads() {
    let (updater, view) = make(items(Array(0..<10)), threshold: 5)
    updater.apply(ListChange(old: items(Array(0..<10)), new: items(Array(10..<20))))
    #expect(view.events == [.reload])
    #expect(view.shownItems == items(Array(10..<20)))
  }

  @Test func aChangeArrivingDuringABatchWaitsForIt() {
    let (updater, view) = make(items([1, 2]))
    view.completesImmediately = false
    var order: [String] = []
    updater.apply(ListChange(old: items([1, 2]), new: items([2, 1]))) { order.append("first") }
    updater.apply(ListChange(old: items([2, 1]), new: items([2, 1, 3]))) { order.append("second") }
    #expect(view.events.count == 1)
    #expect(updater.isUpdating)
    view.finishAnimations()
    #expect(order == ["first", "second"])
    #expect(view.events.count == 2)
    #expect(view.problems == [])
    #expect(view.shownItems == items([2, 1, 3]))
    #expect(!updater.isUpdating)
  }

  @Test(arguments: 0..<4)
  func randomChangeStreamsKeepTheViewRight(seed: Int) {
    var generator = SeededRandomNumberGenerator(seed: UInt64(seed))
    var current = items(Array(0..<12))
    let (updater, view) = make(current, threshold: 40)
    view.completesImmediately = false
    view.isBindable = { $0[1].isMultiple(of: 2) }
    for step in 0..<300 {
      var next = current.filter { _ in Int.random(in: 0..<6, using: &generator) != 0 }
      next.shuffle(using: &generator)
      for index in next.indices where Int.random(in: 0..<4, using: &generator) == 0 {
        next[index].revision += 1
      }
      for _ in 0..<Int.random(in: 0..<4, using: &generator) {
        next.insert(
          Item(100 + step * 4 + Int.random(in: 0..<4, using: &generator)),
          at: Int.random(in: 0...next.count, using: &generator))
      }
      if Int.random(in: 0..<50, using: &generator) == 0 { next = [] }
      updater.apply(ListChange(old: current, new: next))
      current = next
      if Int.random(in: 0..<3, using: &generator) == 0 { view.finishAnimations() }
    }
    view.finishAnimations()
    #expect(view.problems == [], "seed \(seed)")
    #expect(view.shownItems == current, "seed \(seed)")
  }

  @Test func bindFollowsADiffProperty() async {
    let model = ItemsModel()
    let (updater, view) = make(model.items)
    let subscription = updater.bind(to: model.$items)
    model.items = items([3, 1, 2])
    model.items = items([3, 2])
    for _ in 0..<1_000 where view.shownItems != items([3, 2]) { await Task.yield() }
    #expect(view.shownItems == items([3, 2]))
    #expect(view.problems == [])
    _ = subscription
  }

  @Test func listChangesAreComputedOncePerValueAndShared() {
    let model = ItemsModel()
    var first: [ListDiff] = []
    var second: [ListDiff] = []
    let a = model.$items.listChanges().sink { first.append($0.diff) }
    let b = model.$items.listChanges().sink { second.append($0.diff) }
    model.items = items([2, 1, 3])
    model.items = items([2, 1, 3])  // no change: nothing published
    model.items = items([2])
    #expect(first.count == 2)
    #expect(first == second)
    #expect(first[0].moves.count == 1)
    _ = (a, b)
  }
}

final class ItemsModel {
  @Diff var items: [Item] = [Item(1), Item(2), Item(3)]
}

@MainActor
@Suite struct ListUpdaterEdgeTests {
  @Test func aChangeWithNothingToAnimateStillSwapsTheModels() {
    struct Row: Identifiable, Equatable, Diffable {
      var id: Int
      var note: String  // ignored by isContentEqual
      func isContentEqual(to other: Row) -> Bool { id == other.id }
    }
    var updater: ListUpdater<Row>!
    let old = [Row(id: 1, note: "a")]
    let new = [Row(id: 1, note: "b")]
    let view = SimulatedListView(showingItems: old) { updater.items }
    updater = ListUpdater(view: view, items: old)
    updater.apply(ListChange(old: old, new: new))
    #expect(updater.items == new)
    #expect(view.events == [])
  }

  @Test func aChangeBuiltOnOtherDataReloadsInsteadOfBreakingTheCounts() {
    var updater: ListUpdater<Item>!
    let shown = [Item(1), Item(2)]
    let view = SimulatedListView(showingItems: shown) { updater.items }
    updater = ListUpdater(view: view, items: shown)
    // A write slipped in before binding: the first change starts from [1, 2, 3].
    updater.apply(ListChange(old: [Item(1), Item(2), Item(3)], new: [Item(3)]))
    #expect(view.events == [.reload])
    #expect(view.shownItems == [Item(3)])
    #expect(view.problems == [])
  }
}
