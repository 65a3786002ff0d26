import DiffValue
import DiffValueTesting
import Foundation
import ListDiffTestSupport
import Testing

/// The lookups Apple's diffable data source offers (`itemIdentifier(for:)`,
/// `indexPath(for:)`, `sectionIdentifiers`), on what the view shows.
@MainActor
@Suite struct ListUpdaterLookupTests {
  @Test func itemsAndIndexPathsOfAFlatList() {
    let (updater, _) = makeList(items([5, 6, 7]))
    #expect(updater.item(at: [0, 1]) == Item(6))
    #expect(updater.item(at: [0, 3]) == nil)
    #expect(updater.item(at: [1, 0]) == nil)
    #expect(updater.item(at: [0, -1]) == nil)
    #expect(updater.item(at: IndexPath(index: 0)) == nil)
    #expect(updater.indexPath(for: Item(7, revision: 9)) == [0, 2])  // by identity only
    #expect(updater.indexPath(forIdentifier: 5) == [0, 0])
    #expect(updater.indexPath(forIdentifier: 8) == nil)
  }

  /// The table built for the first lookup is rebuilt after each change the view shows.
  @Test func lookupsFollowEachChange() {
    let (updater, view) = makeList(items([1, 2, 3]))
    #expect(updater.indexPath(forIdentifier: 3) == [0, 2])
    updater.apply(ListChange(old: items([1, 2, 3]), new: items([3, 1])))
    #expect(updater.indexPath(forIdentifier: 3) == [0, 0])
    #expect(updater.indexPath(forIdentifier: 2) == nil)
    updater.applyAlreadyShown(items([1, 3]))
    #expect(updater.indexPath(forIdentifier: 3) == [0, 1])
    #expect(view.problems == [])
  }

  /// Inside a batch the lookups read what the data source reads: the new data.
  @Test func insideABatchTheLookupsSeeTheNewData() {
    var updater: ListUpdater<Item>!
    var seen: [IndexPath?] = []
    let view = SimulatedListView(showingItems: items([1, 2])) {
      seen.append(updater.indexPath(forIdentifier: 2))
      return updater.items
    }
    updater = ListUpdater(view: view, items: items([1, 2]))
    seen = []
    updater.apply(ListChange(old: items([1, 2]), new: items([2])))
    #expect(seen.last == [0, 0])
  }

  /// A repeated identifier is found at its first place.
  @Test func aRepeatedIdentifierIsFoundFirst() {
    let (updater, _) = makeList(items([1, 2, 1]))
    #expect(updater.indexPath(forIdentifier: 1) == [0, 0])
  }

  @Test func itemsIndexPathsAndSectionsOfASectionedList() {
    let sections = [Group("a", items: [Item(1)]), Group("b", items: [Item(2), Item(3)])]
    let (updater, _) = makeSectioned(sections)
    #expect(updater.sectionIdentifiers == ["a", "b"])
    #expect(updater.index(ofSectionWithIdentifier: "b") == 1)
    #expect(updater.index(ofSectionWithIdentifier: "c") == nil)
    #expect(updater.item(at: [1, 1]) == Item(3))
    #expect(updater.item(at: [1, 2]) == nil)
    #expect(updater.item(at: [2, 0]) == nil)
    #expect(updater.indexPath(for: Item(2)) == [1, 0])
    #expect(updater.indexPath(forIdentifier: 1) == [0, 0])
    let moved = [Group("b", items: [Item(3)]), Group("a", items: [Item(1), Item(2)])]
    updater.apply(SectionedListChange(old: sections, new: moved))
    #expect(updater.sectionIdentifiers == ["b", "a"])
    #expect(updater.indexPath(forIdentifier: 2) == [1, 1])
  }
}
