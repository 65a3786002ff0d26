import DiffValue
import ListDiffTestSupport
import Testing

typealias Snapshot = ListSnapshot<String, Item>

/// A snapshot of sections named as given, holding items with these identifiers.
func snapshot(_ sections: KeyValuePairs<String, [Int]>) -> Snapshot {
  Snapshot(sections.map { ListSection($0.key, items: items($0.value)) })
}

extension ListSnapshot where Item == ListDiffTestItem {
  /// Each section's name and its items' identifiers, for compact expectations.
  var layout: [String] {
    sections.map { "\($0.model): \($0.items.map(\.id))" }
  }
}

/// What a snapshot tells about itself, read with the diffable data source's names.
@Suite struct ListSnapshotTests {
  @Test func anEmptySnapshotHasNothing() {
    let empty = Snapshot()
    #expect(empty.numberOfSections == 0)
    #expect(empty.numberOfItems == 0)
    #expect(empty.sectionIdentifiers == [])
    #expect(empty.itemIdentifiers == [])
    #expect(empty.indexOfItem(Item(1)) == nil)
    #expect(empty.indexOfSection("a") == nil)
    #expect(empty.sectionIdentifier(containingItem: Item(1)) == nil)
  }

  @Test func countsAndIdentifiersFollowTheSections() {
    let value = snapshot(["a": [1, 2], "b": [], "c": [3, 4, 5]])
    #expect(value.numberOfSections == 3)
    #expect(value.numberOfItems == 5)
    #expect(value.sectionIdentifiers == ["a", "b", "c"])
    #expect(value.itemIdentifiers == items([1, 2, 3, 4, 5]))
    #expect(value.numberOfItems(inSection: "c") == 3)
    #expect(value.numberOfItems(inSection: "b") == 0)
    #expect(value.itemIdentifiers(inSection: "a") == items([1, 2]))
  }

  /// As the diffable data source's `indexOfItem`: the position among all the items.
  @Test func anItemsIndexCountsTheItemsOfTheSectionsBefore() {
    let value = snapshot(["a": [1, 2], "b": [], "c": [3, 4, 5]])
    #expect(value.indexOfItem(Item(1)) == 0)
    #expect(value.indexOfItem(Item(4)) == 3)
    #expect(value.indexOfSection("c") == 2)
    #expect(value.sectionIdentifier(containingItem: Item(4)) == "c")
  }

  /// Lookups go by identity: content is not compared.
  @Test func lookupsMatchIdentityNotContent() {
    let value = snapshot(["a": [1, 2]])
    #expect(value.indexOfItem(Item(2, revision: 7)) == 1)
    #expect(value.sectionIdentifier(containingItem: Item(1, revision: 3)) == "a")
  }

  /// A duplicate identifier is a value like any other: lookups find its first occurrence.
  @Test func lookupsFindTheFirstOccurrence() {
    let value = snapshot(["a": [1, 2], "b": [2, 3], "a": [4]])
    #expect(value.indexOfItem(Item(2)) == 1)
    #expect(value.sectionIdentifier(containingItem: Item(2)) == "a")
    #expect(value.indexOfSection("a") == 0)
    #expect(value.itemIdentifiers(inSection: "a") == items([1, 2]))
    #expect(value.numberOfItems == 5)
  }

  @Test func aSnapshotIsAValue() {
    let original = snapshot(["a": [1, 2]])
    var copy = original
    copy.appendItems([Item(3)])
    copy.reconfigureItems([Item(1, revision: 1)])
    #expect(original.layout == ["a: [1, 2]"])
    #expect(original.reconfiguredItemIdentifiers == [])
    #expect(copy.layout == ["a: [1, 2, 3]"])
    #expect(copy != original)
  }

  @Test func theMarksListTheItemsAndSectionsInOrder() {
    var value = snapshot(["a": [1, 2], "b": [3, 4]])
    value.reconfigureItems([Item(4), Item(1)])
    value.reloadItems([Item(2)])
    value.reloadSections(["b"])
    #expect(value.reconfiguredItemIdentifiers == items([1, 4]))
    #expect(value.reloadedItemIdentifiers == items([2]))
    #expect(value.reloadedSectionIdentifiers == ["b"])
  }

  /// Reading what is not there, where the diffable data source raises an exception.
  @Test func countingTheItemsOfAMissingSectionStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = snapshot(["a": [1]]).numberOfItems(inSection: "z")
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains("ListSnapshot.numberOfItems(inSection:): the snapshot has no section z"))
  }
}
