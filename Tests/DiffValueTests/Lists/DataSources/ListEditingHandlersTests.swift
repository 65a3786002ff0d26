import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import Testing

/// Table editing without a data-source subclass: swipe to delete commits to a handler that gets
/// the item and the updated list, and a sectioned list gives a section index.
@MainActor
@Suite struct ListEditingHandlersTests {
  /// A sectioned updater serving as its simulated view's data source.
  func makeProvidedSections(_ sections: [Group])
    -> (SectionedListUpdater<Group>, SimulatedListView<String, Item>)
  {
    let view = SimulatedListView(showing: sections) { [] }
    let updater = SectionedListUpdater(view: view, sections: sections) { view, indexPath, _ in
      view.dequeueCell(for: indexPath)
    }
    return (updater, view)
  }

  @Test func aSwipedRowIsDeletedInABatchAndReported() {
    let (updater, view) = ListUpdaterDataSourceTests().makeProvidedList(items([1, 2, 3]))
    var reported: [(item: Item, change: ListChange<Item>)] = []
    updater.editingHandlers.canDeleteItem = { $0.id != 3 }
    updater.editingHandlers.didDelete = { reported.append(($0, $1)) }
    view.simulateSwipeToDelete(at: [0, 1])
    #expect(view.batches == [BatchUpdate(deletes: [[0, 1]])])
    #expect(view.shownItems == items([1, 3]))
    #expect(updater.items == items([1, 3]))
    #expect(reported.map(\.item) == [Item(2)])
    #expect(reported.map(\.change.old) == [items([1, 2, 3])])
    #expect(reported.map(\.change.new) == [items([1, 3])])
    // The model's change that follows animates nothing: the view shows it already.
    view.clearEvents()
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([1, 3])))
    #expect(view.events == [])
    #expect(view.problems == [])
  }

  @Test func aRowTheHandlerRefusesStays() {
    let (updater, view) = ListUpdaterDataSourceTests().makeProvidedList(items([1, 2, 3]))
    view.simulateSwipeToDelete(at: [0, 0])  // deleting is off
    updater.editingHandlers.canDeleteItem = { $0.id != 3 }
    view.simulateSwipeToDelete(at: [0, 2])
    #expect(view.problems.count == 2)
    #expect(view.events == [])
    #expect(updater.items == items([1, 2, 3]))
  }

  /// Which rows a table view may edit: in editing mode only while deleting is off (reordering
  /// as before, nothing swiped); then the deletable ones, and in editing mode the movable ones.
  @Test func whichRowsAreEditable() {
    let (updater, view) = ListUpdaterDataSourceTests().makeProvidedList(items([1, 2, 3]))
    updater.reorderingHandlers.canReorderItem = { $0.id == 2 }
    #expect(!view.canEditRow(at: [0, 0], isEditing: false))
    #expect(view.canEditRow(at: [0, 0], isEditing: true))
    updater.editingHandlers.canDeleteItem = { $0.id == 1 }
    #expect(view.canEditRow(at: [0, 0], isEditing: false))
    #expect(!view.canEditRow(at: [0, 1], isEditing: false))
    #expect(view.canEditRow(at: [0, 1], isEditing: true))
    #expect(!view.canEditRow(at: [0, 2], isEditing: true))
  }

  @Test func aRowOfASectionIsDeletedAndReported() {
    let old = [Group("a", items: [Item(1), Item(2)]), Group("b", items: [Item(3)])]
    let (updater, view) = makeProvidedSections(old)
    var reported: [SectionedListChange<Group>] = []
    updater.editingHandlers.canDeleteItem = { _ in true }
    updater.editingHandlers.didDelete = { _, change in reported.append(change) }
    view.simulateSwipeToDelete(at: [1, 0])
    let new = [Group("a", items: [Item(1), Item(2)]), Group("b", items: [])]
    #expect(updater.sections == new)
    #expect(view.shown == new)
    #expect(reported.map(\.new) == [new])
    #expect(view.problems == [])
  }

  /// The index lists the sections that have a title, in order, and a tap goes to its section.
  @Test func theSectionIndexComesFromTheSections() {
    let sections = [
      Group("apples", items: [Item(1)]), Group("misc", items: []),
      Group("bananas", items: [Item(2)]),
    ]
    let (updater, view) = makeProvidedSections(sections)
    #expect(view.sectionIndexTitles == nil)
    updater.sectionIndexTitle = { $0.model == "misc" ? nil : String($0.model.prefix(1)) }
    #expect(view.sectionIndexTitles == ["a", "b"])
    #expect(view.section(forSectionIndexTitleAt: 1) == 2)
    #expect(view.section(forSectionIndexTitleAt: 0) == 0)
    #expect(view.section(forSectionIndexTitleAt: 5) == 0)
  }
}
