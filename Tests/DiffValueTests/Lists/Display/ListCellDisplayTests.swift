import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import Testing

/// A stand-in for a view's cell: only its identity matters.
final class DisplayedCell {}

/// What display handlers heard, in order.
@MainActor
final class DisplayRecord {
  var events: [String] = []

  /// Handlers that record each call as "kind items index-paths".
  func handlers() -> ListDisplayHandlers<Item> {
    var handlers = ListDisplayHandlers<Item>()
    handlers.willDisplay = { item, indexPath in self.events.append("will \(item) \(indexPath)") }
    handlers.didEndDisplaying = { item, indexPath in
      self.events.append("end \(item) \(indexPath)")
    }
    handlers.prefetch = { items, indexPaths in
      self.events.append("prefetch \(items) \(indexPaths)")
    }
    handlers.cancelPrefetching = { items, indexPaths in
      self.events.append("cancel \(items) \(indexPaths)")
    }
    return handlers
  }
}

/// Display, end of display and prefetching with the items, as IGListKit's display delegate and
/// Epoxy's callbacks give them, reported by a view's delegate through `cellDisplay`.
@MainActor
@Suite struct ListCellDisplayTests {
  @Test func willDisplayGivesTheItemAndVisibleItemsFollow() {
    let (updater, _) = makeList(items([1, 2, 3]))
    let record = DisplayRecord()
    updater.displayHandlers = record.handlers()
    let cells = [DisplayedCell(), DisplayedCell(), DisplayedCell()]
    updater.cellDisplay.willDisplay(cells[2], at: [0, 2])
    updater.cellDisplay.willDisplay(cells[0], at: [0, 0])
    #expect(record.events == ["will 3 [0, 2]", "will 1 [0, 0]"])
    #expect(updater.visibleItems == items([1, 3]))
    updater.cellDisplay.didEndDisplaying(cells[2], at: [0, 2])
    #expect(record.events.last == "end 3 [0, 2]")
    #expect(updater.visibleItems == items([1]))
  }

  /// The end of display of a deleted row gives the item its cell showed.
  ///
  /// UIKit reports it with the index path the row had, where the updater's items hold another
  /// item by then.
  @Test func aDeletedItemsEndOfDisplayGivesTheItemTheCellShowed() {
    let (updater, view) = makeList(items([1, 2, 3]))
    let record = DisplayRecord()
    updater.displayHandlers = record.handlers()
    let cells = [DisplayedCell(), DisplayedCell(), DisplayedCell()]
    for (row, cell) in cells.enumerated() { updater.cellDisplay.willDisplay(cell, at: [0, row]) }
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([2, 3, 4])))
    #expect(view.problems == [])
    #expect(updater.visibleItems == items([2, 3]))  // 1 is gone; 4's cell has not appeared
    updater.cellDisplay.didEndDisplaying(cells[0], at: [0, 0])
    #expect(record.events.last == "end 1 [0, 0]")
    let newCell = DisplayedCell()
    updater.cellDisplay.willDisplay(newCell, at: [0, 2])
    #expect(record.events.last == "will 4 [0, 2]")
    #expect(updater.visibleItems == items([2, 3, 4]))
  }

  /// A cell whose item moved and changed ends its display with the item as the list has it.
  @Test func anItemThatChangedEndsItsDisplayInItsNewVersion() {
    let (updater, _) = makeList(items([1, 2]))
    let record = DisplayRecord()
    updater.displayHandlers = record.handlers()
    let cell = DisplayedCell()
    updater.cellDisplay.willDisplay(cell, at: [0, 1])
    updater.apply(ListChange(old: items([1, 2]), new: [Item(2, revision: 1), Item(1)]))
    #expect(updater.visibleItems == [Item(2, revision: 1)])
    updater.cellDisplay.didEndDisplaying(cell, at: [0, 1])
    #expect(record.events.last == "end 2'1 [0, 1]")
  }

  @Test func cellsAndIndexPathsItDoesNotKnowCallNothing() {
    let (updater, _) = makeList(items([1]))
    let record = DisplayRecord()
    updater.displayHandlers = record.handlers()
    updater.cellDisplay.willDisplay(DisplayedCell(), at: [0, 5])
    updater.cellDisplay.willDisplay(DisplayedCell(), at: [1, 0])
    updater.cellDisplay.didEndDisplaying(DisplayedCell(), at: [0, 0])
    updater.cellDisplay.prefetchItems(at: [[0, 7]])
    updater.cellDisplay.cancelPrefetchingItems(at: [])
    #expect(record.events == [])
    #expect(updater.visibleItems == [])
  }

  @Test func prefetchingGivesTheItemsInTheViewsOrder() {
    let (updater, _) = makeList(items([1, 2, 3]))
    let record = DisplayRecord()
    updater.displayHandlers = record.handlers()
    updater.cellDisplay.prefetchItems(at: [[0, 2], [0, 9], [0, 0]])
    updater.cellDisplay.cancelPrefetchingItems(at: [[0, 1]])
    #expect(record.events == ["prefetch [3, 1] [[0, 2], [0, 0]]", "cancel [2] [[0, 1]]"])
  }

  /// A handler may read the updater: no exclusive access is held while it runs.
  @Test func aHandlerMayReadTheVisibleItems() {
    let (updater, _) = makeList(items([1, 2]))
    var seen: [[Item]] = []
    updater.displayHandlers.willDisplay = { _, _ in seen.append(updater.visibleItems) }
    updater.displayHandlers.didEndDisplaying = { _, _ in seen.append(updater.visibleItems) }
    let cell = DisplayedCell()
    updater.cellDisplay.willDisplay(cell, at: [0, 1])
    updater.cellDisplay.didEndDisplaying(cell, at: [0, 1])
    #expect(seen == [items([2]), []])
  }

  @Test func onceTheUpdaterIsGoneNothingIsReported() {
    let view = SimulatedListView<String, Item>(showingItems: items([1])) { [] }
    var updater: ListUpdater<Item>? = ListUpdater(view: view, items: items([1]))
    var heard = 0
    updater?.displayHandlers.willDisplay = { _, _ in heard += 1 }
    let display = updater?.cellDisplay
    updater = nil
    display?.willDisplay(DisplayedCell(), at: [0, 0])
    #expect(display != nil)
    #expect(heard == 0)
    #expect(display?.visibleItems == [])
  }
}
