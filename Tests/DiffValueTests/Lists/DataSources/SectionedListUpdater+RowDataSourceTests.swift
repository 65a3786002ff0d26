import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import Testing

/// A sectioned updater as the data source of a view of rows (NSTableView with group rows):
/// each section's header row, then its items.
@MainActor
@Suite struct SectionedListUpdaterRowDataSourceTests {
  func makeTable(_ sections: [Group])
    -> (SectionedListUpdater<Group>, SimulatedListView<String, ListDiffTestItem>)
  {
    let view = SimulatedListView<String, ListDiffTestItem>(showing: sections) { [] }
    let updater = SectionedListUpdater(
      view: view, sections: sections,
      rowViewProvider: { view, row, item in
        let rowView = view.dequeueCellView()
        rowView.text = "row \(row): \(item.id)"
        return rowView
      },
      sectionHeaderViewProvider: { view, row, section in
        let header = view.dequeueCellView()
        header.text = "\(row): \(section.model)"
        return header
      },
      cellProvider: { view, column, row, item in
        let cell = view.dequeueCellView()
        cell.text = "\(column)/\(row): \(item.id).\(item.revision)"
        return cell
      })
    return (updater, view)
  }

  let groups = [
    Group("a", items: [ListDiffTestItem(1), ListDiffTestItem(2)]),
    Group("b", items: []),
    Group("c", items: [ListDiffTestItem(3)]),
  ]

  @Test func headersAreGroupRowsBeforeTheirItems() {
    let (updater, view) = makeTable(groups)
    #expect(view.dataSource() == groups)
    #expect(view.headerView(forRow: 0)?.text == "0: a")
    #expect(view.headerView(forRow: 3)?.text == "3: b")
    #expect(view.headerView(forRow: 4)?.text == "4: c")
    #expect(view.headerView(forRow: 1) == nil)
    #expect(view.cellView(forColumn: 0, row: 2)?.text == "0/2: 2.0")
    #expect(view.cellView(forColumn: 1, row: 5)?.text == "1/5: 3.0")
    #expect(view.cellView(forColumn: 0, row: 0) == nil)  // a header has no item
    #expect(view.cellView(forColumn: 0, row: 6) == nil)
    #expect(view.rowView(forRow: 5)?.text == "row 5: 3")
    #expect(view.rowView(forRow: 4) == nil)  // the view's own group row
    #expect(updater.sections == groups)
  }

  @Test func sectionAndItemChangesReachTheRows() {
    let (updater, view) = makeTable(groups)
    let new = [
      Group("c", items: [ListDiffTestItem(3), ListDiffTestItem(1, revision: 1)]),
      Group("d", items: [ListDiffTestItem(4)]),
      Group("a", items: [ListDiffTestItem(2)]),
    ]
    updater.apply(SectionedListChange(old: groups, new: new))
    #expect(view.problems == [])
    #expect(view.shown == new)
    #expect(view.headerView(forRow: 3)?.text == "3: d")
    #expect(view.cellView(forColumn: 0, row: 2)?.text == "0/2: 1.1")
  }

  /// A row dropped above a header lands at the end of the section before it.
  ///
  /// Above an item, it lands before that item; at the end, at the end of the last section.
  @Test(arguments: [
    (from: 1, above: 4, expected: [[2], [1], [3]]),  // above c's header: the end of b
    (from: 1, above: 5, expected: [[2], [], [1, 3]]),
    (from: 5, above: 1, expected: [[3, 1, 2], [], []]),
    (from: 2, above: 6, expected: [[1], [], [3, 2]]),  // the row count: the end
    (from: 5, above: 4, expected: [[1, 2], [3], []]),
  ])
  func aDroppedRowMovesToItsSection(from: Int, above: Int, expected: [[Int]]) {
    let (updater, view) = makeTable(groups)
    var reordered: SectionedListChange<Group>?
    updater.reorderingHandlers.canReorderItem = { _ in true }
    updater.reorderingHandlers.didReorder = { reordered = $0 }
    view.simulateUserDrop(fromRow: from, aboveRow: above)
    #expect(view.problems == [])
    #expect(updater.sections.map { $0.items.map(\.id) } == expected)
    #expect(view.shown == updater.sections)
    #expect(reordered?.new == updater.sections)
  }

  @Test func aHeaderStaysAndNothingLandsAboveTheFirstHeader() {
    let (updater, view) = makeTable(groups)
    updater.reorderingHandlers.canReorderItem = { _ in true }
    view.simulateUserDrop(fromRow: 1, aboveRow: 0)
    view.simulateUserDrop(fromRow: 3, aboveRow: 1)
    #expect(view.problems == ["the user cannot drag row 3"])
    #expect(updater.sections == groups)
    #expect(view.shown == groups)
  }
}
