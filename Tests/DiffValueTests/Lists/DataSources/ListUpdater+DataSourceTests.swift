import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import Testing

/// The updater as the view's data source, from a cell provider (Apple's
/// `UITableViewDiffableDataSource(tableView:cellProvider:)`): no data-source method written.
@MainActor
@Suite struct ListUpdaterDataSourceTests {
  /// A flat list whose view is a `SimulatedListView` that asks the updater for everything.
  func makeProvidedList(_ items: [Item]) -> (ListUpdater<Item>, SimulatedListView<String, Item>) {
    let view = SimulatedListView(showingItems: items) { [] }
    let updater = ListUpdater(
      view: view, items: items,
      supplementaryViewProvider: { view, kind, _ in
        let header = view.dequeueSupplementaryView()
        header.text = kind == ListSupplementaryKind.header ? "Items" : "end"
        return header
      },
      cellProvider: { view, indexPath, item in
        let cell = view.dequeueCell(for: indexPath)
        cell.text = "\(item.id).\(item.revision)"
        return cell
      })
    return (updater, view)
  }

  @Test func theViewShowsWhatTheUpdaterAnswers() {
    let (updater, view) = makeProvidedList(items([1, 2, 3]))
    #expect(view.dataSource() == [ListSection("list", items: items([1, 2, 3]))])
    #expect(view.cell(at: [0, 1])?.text == "2.0")
    #expect(view.cell(at: [0, 3]) == nil)
    #expect(
      view.supplementaryView(ofKind: ListSupplementaryKind.header, inSection: 0)?.text == "Items")
    #expect(
      view.supplementaryView(ofKind: ListSupplementaryKind.footer, inSection: 0)?.text == "end")
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([3, 1, 4])))
    #expect(view.problems == [])
    #expect(view.shownItems == items([3, 1, 4]))
    #expect((0..<3).map { view.cell(at: [0, $0])?.text } == ["3.0", "1.0", "4.0"])
  }

  /// A reconfigured cell is the same cell, configured again by the cell provider.
  @Test func aReconfiguredCellIsConfiguredAgainInPlace() {
    let (updater, view) = makeProvidedList(items([1, 2]))
    view.canReconfigureItems = true
    let cell = view.cell(at: [0, 1])
    #expect(cell?.configurationCount == 1)
    updater.apply(ListChange(old: items([1, 2]), new: [Item(1), Item(2, revision: 5)]))
    #expect(view.problems == [])
    #expect(view.cell(at: [0, 1]) === cell)
    #expect(cell?.text == "2.5")
    #expect(cell?.configurationCount == 2)
  }

  /// Once the updater is gone, the view's data source answers an empty list.
  @Test func aReleasedUpdaterAnswersNothing() {
    var (updater, view): (ListUpdater<Item>?, SimulatedListView<String, Item>) =
      makeProvidedList(items([1]))
    #expect(updater?.items.count == 1)
    updater = nil
    #expect(view.dataSource() == [ListSection("list", items: [])])
  }

  @Test func aSectionedListAnswersItsSections() {
    let sections = [Group("a", items: [Item(1)]), Group("b", items: [Item(2), Item(3)])]
    let view = SimulatedListView(showing: sections) { [] }
    let updater = SectionedListUpdater(
      view: view, sections: sections,
      supplementaryViewProvider: { view, _, indexPath in
        let header = view.dequeueSupplementaryView()
        header.text = "section \(indexPath[0])"
        return header
      },
      cellProvider: { view, indexPath, item in
        let cell = view.dequeueCell(for: indexPath)
        cell.text = "\(item.id)"
        return cell
      })
    #expect(view.dataSource() == sections)
    #expect(view.cell(at: [1, 1])?.text == "3")
    #expect(
      view.supplementaryView(ofKind: ListSupplementaryKind.header, inSection: 1)?.text
        == "section 1")
    let new = [Group("b", items: [Item(3), Item(2)]), Group("c", items: [Item(1)])]
    updater.apply(SectionedListChange(old: sections, new: new))
    #expect(view.problems == [])
    #expect(view.shown == new)
    #expect(view.cell(at: [1, 0])?.text == "1")
  }
}

/// The user's drags, through the updater as data source: `canMoveRowAt` asks
/// `reorderingHandlers.canReorderItem`, `moveRowAt` updates the items and reports the change.
@MainActor
@Suite struct ListUpdaterReorderingTests {
  @Test func aDragUpdatesTheItemsAndReportsTheChange() {
    let (updater, view) = ListUpdaterDataSourceTests().makeProvidedList(items([1, 2, 3]))
    var reported: [ListChange<Item>] = []
    var order: [String] = []
    updater.reorderingHandlers.canReorderItem = { $0.id != 3 }
    updater.reorderingHandlers.willReorder = { _ in order.append("will") }
    updater.reorderingHandlers.didReorder = {
      order.append("did")
      reported.append($0)
    }
    view.simulateUserMove(from: [0, 0], to: [0, 2])
    #expect(updater.items == items([2, 3, 1]))
    #expect(reported.map(\.old) == [items([1, 2, 3])])
    #expect(reported.map(\.new) == [items([2, 3, 1])])
    #expect(reported.first?.diff.moves.count == 1)
    #expect(order == ["will", "did"])
    // The model's change that follows animates nothing: the view shows it already.
    view.clearEvents()
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([2, 3, 1])))
    #expect(view.events == [])
    #expect(view.problems == [])
  }

  @Test func anItemTheHandlerRefusesCannotBeMoved() {
    let (updater, view) = ListUpdaterDataSourceTests().makeProvidedList(items([1, 2, 3]))
    view.simulateUserMove(from: [0, 0], to: [0, 1])  // reordering is off
    updater.reorderingHandlers.canReorderItem = { $0.id != 3 }
    view.simulateUserMove(from: [0, 2], to: [0, 0])
    #expect(view.problems.count == 2)
    #expect(updater.items == items([1, 2, 3]))
  }

  /// A drag while a batch animates: the batch completes, and the changes after it start from
  /// the dragged order.
  @Test(arguments: UserReorder.allCases)
  func aDragDuringAnAnimation(gesture: UserReorder) {
    let (updater, view) = ListUpdaterDataSourceTests().makeProvidedList(items([1, 2, 3]))
    updater.reorderingHandlers.canReorderItem = { _ in true }
    view.completesImmediately = false
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([1, 2, 3, 4])))
    view.finishAnimations()
    gesture.perform(on: view, from: [0, 3], to: [0, 0])
    updater.apply(ListChange(old: items([4, 1, 2, 3]), new: items([4, 1, 2])))
    view.finishAnimations()
    #expect(view.shownItems == items([4, 1, 2]))
    #expect(view.problems == [])
  }

  @Test(arguments: UserReorder.allCases)
  func aDragAcrossSections(gesture: UserReorder) {
    let sections = [Group("a", items: [Item(1), Item(2)]), Group("b", items: [Item(3)])]
    let view = SimulatedListView(showing: sections) { [] }
    let updater = SectionedListUpdater(view: view, sections: sections) { view, indexPath, _ in
      view.dequeueCell(for: indexPath)
    }
    var reported: SectionedListChange<Group>?
    updater.reorderingHandlers.canReorderItem = { _ in true }
    updater.reorderingHandlers.didReorder = { reported = $0 }
    gesture.perform(on: view, from: [0, 0], to: [1, 1])
    let expected = [Group("a", items: [Item(2)]), Group("b", items: [Item(3), Item(1)])]
    #expect(updater.sections == expected)
    #expect(reported?.new == expected)
    #expect(view.shown == expected)
    #expect(view.problems == [])
  }
}
