import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import Testing

/// AppKit's drops, through the updater as data source: `NSCollectionView` reports where the
/// user dropped an item (before which item, counted before the move) and moves nothing itself;
/// the data source takes the move, then the view shows it.
///
/// `SimulatedListView.simulateUserDrop` drives that path as the AppKit bridge's `acceptDrop` does.
@MainActor
@Suite struct ListDataSourceDropTests {
  func makeReorderableList(_ ids: [Int]) -> (ListUpdater<Item>, SimulatedListView<String, Item>) {
    let (updater, view) = ListUpdaterDataSourceTests().makeProvidedList(items(ids))
    updater.reorderingHandlers.canReorderItem = { $0.id != 9 }
    return (updater, view)
  }

  /// Dropped before an item after it, the item lands one place earlier than the drop index
  /// (its own removal shifts the rest); before an item before it, at the drop index.
  @Test(arguments: [
    (from: 0, before: 2, expected: [2, 1, 3, 4]),
    (from: 0, before: 4, expected: [2, 3, 4, 1]),  // the item count: at the end
    (from: 3, before: 0, expected: [4, 1, 2, 3]),
    (from: 2, before: 1, expected: [1, 3, 2, 4]),
  ])
  func aDropMovesTheItemWhereItWasDropped(from: Int, before: Int, expected: [Int]) {
    let (updater, view) = makeReorderableList([1, 2, 3, 4])
    var reported: [ListChange<Item>] = []
    updater.reorderingHandlers.didReorder = { reported.append($0) }
    let cell = view.cellIdentity(at: [0, from])
    view.simulateUserDrop(from: [0, from], before: [0, before])
    #expect(updater.items == items(expected))
    #expect(view.shownItems == items(expected))
    #expect(reported.map(\.new) == [items(expected)])
    let to = expected.firstIndex(of: from + 1)!
    #expect(view.cellIdentity(at: [0, to]) == cell)  // the item keeps its cell
    // The model's change that follows animates nothing: the view shows it already.
    view.clearEvents()
    updater.apply(ListChange(old: items([1, 2, 3, 4]), new: items(expected)))
    #expect(view.events == [])
    #expect(view.problems == [])
  }

  /// Dropped just before itself or just after itself, nothing moves and nobody hears of it.
  @Test(arguments: [0, 1])
  func aDropWhereTheItemWasMovesNothing(offset: Int) {
    let (updater, view) = makeReorderableList([1, 2, 3])
    var reported = 0
    updater.reorderingHandlers.didReorder = { _ in reported += 1 }
    view.simulateUserDrop(from: [0, 1], before: [0, 1 + offset])
    #expect(updater.items == items([1, 2, 3]))
    #expect(reported == 0)
    #expect(view.problems == [])
  }

  @Test func anItemTheHandlerRefusesCannotBeDragged() {
    let (updater, view) = makeReorderableList([1, 9, 3])
    view.simulateUserDrop(from: [0, 1], before: [0, 0])
    #expect(updater.items == items([1, 9, 3]))
    #expect(view.problems == ["the data source does not let the user drag [0, 1]"])
  }

  /// A drop outside what the data source shows moves nothing.
  @Test func aDropOutsideWhatIsShownMovesNothing() {
    let (updater, view) = makeReorderableList([1, 2])
    view.simulateUserDrop(from: [0, 0], before: [0, 3])
    view.simulateUserDrop(from: [0, 0], before: [1, 0])
    #expect(updater.items == items([1, 2]))
    #expect(view.problems == [])
  }

  @Test func aDropNeedsTheUpdaterAsTheDataSource() {
    let view = SimulatedListView(showingItems: items([1, 2])) { items([1, 2]) }
    view.simulateUserDrop(from: [0, 0], before: [0, 2])
    #expect(view.problems == ["a drop needs an updater serving as the data source"])
  }
}

/// The user's reordering gesture on each platform: UIKit's (the view moves the row, then tells
/// the data source) and AppKit's drop (the data source first, then the view).
enum UserReorder: CaseIterable {
  case uikitMove
  case appkitDrop

  /// Moves the item at `from` to `to` (in the data after the move) with this gesture.
  @MainActor
  func perform<Model, Item>(on view: SimulatedListView<Model, Item>, from: IndexPath, to: IndexPath)
  {
    switch self {
    case .uikitMove: view.simulateUserMove(from: from, to: to)
    case .appkitDrop:
      // AppKit counts the drop place before the move: one further on for a later place of the
      // same section.
      let later = to[0] == from[0] && to[1] > from[1]
      view.simulateUserDrop(
        from: from, before: IndexPath(indexes: [to[0], to[1] + (later ? 1 : 0)]))
    }
  }
}
