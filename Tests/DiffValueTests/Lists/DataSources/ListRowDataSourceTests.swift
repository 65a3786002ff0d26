import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import Testing

/// The updater answers as the data source of a view of rows and columns.
///
/// As Apple's `NSTableViewDiffableDataSource(tableView:cellProvider:)`: the row count, a cell
/// view per row and column from the cell provider, and row views, driven through a
/// `SimulatedListView` as `NSTableView` asks its bridge.
@MainActor
@Suite struct ListRowDataSourceTests {
  /// A flat list whose view asks the updater for its rows, their cell views and row views.
  func makeTable(_ items: [Item], rowViews: Bool = true)
    -> (ListUpdater<Item>, SimulatedListView<String, Item>)
  {
    let view = SimulatedListView(showingItems: items) { [] }
    typealias RowViewProvider =
      @MainActor (SimulatedListView<String, Item>, Int, Item) -> SimulatedCell?
    let rowViewProvider: RowViewProvider = { view, row, item in
      let rowView = view.dequeueCellView()
      rowView.text = "row \(row): \(item.id)"
      return rowView
    }
    let updater = ListUpdater(
      view: view, items: items, rowViewProvider: rowViews ? rowViewProvider : RowViewProvider?.none,
      cellProvider: { view, column, row, item in
        let cell = view.dequeueCellView()
        cell.text = "\(column)/\(row): \(item.id).\(item.revision)"
        return cell
      })
    return (updater, view)
  }

  @Test func theViewShowsTheRowsTheUpdaterAnswers() {
    let (updater, view) = makeTable(items([1, 2, 3]))
    #expect(view.dataSource() == [ListSection("list", items: items([1, 2, 3]))])
    #expect(view.cellView(forColumn: 0, row: 1)?.text == "0/1: 2.0")
    #expect(view.cellView(forColumn: 1, row: 2)?.text == "1/2: 3.0")
    #expect(view.cellView(forColumn: 0, row: 3) == nil)
    #expect(view.rowView(forRow: 0)?.text == "row 0: 1")
    updater.apply(ListChange(old: items([1, 2, 3]), new: [Item(3), Item(1, revision: 2)]))
    #expect(view.problems == [])
    #expect(view.shownItems == [Item(3), Item(1, revision: 2)])
    #expect(view.cellView(forColumn: 0, row: 1)?.text == "0/1: 1.2")
    #expect(view.rowView(forRow: 1)?.text == "row 1: 1")
  }

  /// Without a row-view provider the view makes its own row views.
  @Test func withoutARowViewProviderTheViewMakesItsRowViews() {
    let (updater, view) = makeTable(items([1]), rowViews: false)
    #expect(view.rowView(forRow: 0) == nil)
    #expect(view.cellView(forColumn: 0, row: 0)?.text == "0/0: 1.0")
    #expect(updater.items == items([1]))  // the updater lives on until here
  }

  /// Once the updater is gone, the view's data source answers no rows.
  @Test func aReleasedUpdaterAnswersNothing() {
    var (updater, view): (ListUpdater<Item>?, SimulatedListView<String, Item>) =
      makeTable(items([1, 2]))
    #expect(updater?.items.count == 2)
    updater = nil
    #expect(view.dataSource() == [ListSection("list", items: [])])
  }
}

/// A row dropped on a table view moves there through the updater as its data source.
///
/// `NSTableView` reports the row the user dropped a row above (counted before the move) and moves
/// nothing itself; the data source takes the move, then the view shows it.
/// `SimulatedListView.simulateUserDrop(fromRow:aboveRow:)` drives that path as the AppKit
/// bridge's `acceptDrop` does.
@MainActor
@Suite struct ListRowDataSourceDropTests {
  func makeReorderableTable(_ ids: [Int]) -> (ListUpdater<Item>, SimulatedListView<String, Item>) {
    let (updater, view) = ListRowDataSourceTests().makeTable(items(ids))
    updater.reorderingHandlers.canReorderItem = { $0.id != 9 }
    return (updater, view)
  }

  /// Dropped above a row after it, the row lands one place earlier than the drop row (its own
  /// removal shifts the rest); above a row before it, at the drop row.
  @Test(arguments: [
    (from: 0, above: 2, expected: [2, 1, 3, 4]),
    (from: 0, above: 4, expected: [2, 3, 4, 1]),  // the row count: at the end
    (from: 3, above: 0, expected: [4, 1, 2, 3]),
    (from: 2, above: 1, expected: [1, 3, 2, 4]),
  ])
  func aDropMovesTheRowWhereItWasDropped(from: Int, above: Int, expected: [Int]) {
    let (updater, view) = makeReorderableTable([1, 2, 3, 4])
    var reported: [ListChange<Item>] = []
    var order: [String] = []
    updater.reorderingHandlers.willReorder = { _ in order.append("will") }
    updater.reorderingHandlers.didReorder = {
      order.append("did")
      reported.append($0)
    }
    let cell = view.cellIdentity(at: [0, from])
    view.simulateUserDrop(fromRow: from, aboveRow: above)
    #expect(updater.items == items(expected))
    #expect(view.shownItems == items(expected))
    #expect(reported.map(\.old) == [items([1, 2, 3, 4])])
    #expect(reported.map(\.new) == [items(expected)])
    #expect(order == ["will", "did"])
    let to = expected.firstIndex(of: from + 1)!
    #expect(view.cellIdentity(at: [0, to]) == cell)  // the row keeps its views
    // The model's change that follows animates nothing: the view shows it already.
    view.clearEvents()
    updater.apply(ListChange(old: items([1, 2, 3, 4]), new: items(expected)))
    #expect(view.events == [])
    #expect(view.problems == [])
  }

  /// Dropped just above itself or just below itself, nothing moves and nobody hears of it.
  @Test(arguments: [0, 1])
  func aDropWhereTheRowWasMovesNothing(offset: Int) {
    let (updater, view) = makeReorderableTable([1, 2, 3])
    var reported = 0
    updater.reorderingHandlers.didReorder = { _ in reported += 1 }
    view.simulateUserDrop(fromRow: 1, aboveRow: 1 + offset)
    #expect(updater.items == items([1, 2, 3]))
    #expect(reported == 0)
    #expect(view.problems == [])
  }

  @Test func aRowTheHandlerRefusesCannotBeDragged() {
    let (updater, view) = makeReorderableTable([1, 9, 3])
    view.simulateUserDrop(fromRow: 1, aboveRow: 0)
    #expect(updater.items == items([1, 9, 3]))
    #expect(view.problems == ["the data source does not let the user drag row 1"])
  }

  /// Reordering is off until `canReorderItem` is set.
  @Test func withoutCanReorderItemNoRowCanBeDragged() {
    let (updater, view) = ListRowDataSourceTests().makeTable(items([1, 2]))
    view.simulateUserDrop(fromRow: 0, aboveRow: 2)
    #expect(updater.items == items([1, 2]))
    #expect(view.problems == ["the data source does not let the user drag row 0"])
  }

  /// A drop outside what the data source shows moves nothing.
  @Test func aDropOutsideWhatIsShownMovesNothing() {
    let (updater, view) = makeReorderableTable([1, 2])
    view.simulateUserDrop(fromRow: 0, aboveRow: 3)
    view.simulateUserDrop(fromRow: 0, aboveRow: -1)
    #expect(updater.items == items([1, 2]))
    #expect(view.problems == [])
  }

  /// A drag while a batch animates: the batch completes, and the changes after it start from
  /// the dropped order.
  @Test func aDropAfterAnAnimatedBatch() {
    let (updater, view) = makeReorderableTable([1, 2, 3])
    view.completesImmediately = false
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([1, 2, 3, 4])))
    view.finishAnimations()
    view.simulateUserDrop(fromRow: 3, aboveRow: 0)
    #expect(updater.items == items([4, 1, 2, 3]))
    updater.apply(ListChange(old: items([4, 1, 2, 3]), new: items([4, 1, 2])))
    view.finishAnimations()
    #expect(view.shownItems == items([4, 1, 2]))
    #expect(view.problems == [])
  }

  @Test func aRowDropNeedsTheUpdaterAsTheRowDataSource() {
    let view = SimulatedListView(showingItems: items([1, 2])) { items([1, 2]) }
    view.simulateUserDrop(fromRow: 0, aboveRow: 2)
    #expect(view.problems == ["a row drop needs an updater serving as the row data source"])
  }
}
