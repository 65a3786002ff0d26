import DiffValue
import ListDiffTestSupport
import TestSupport
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

extension ListSnapshot where Section == String, Item == ListDiffTestItem {
  /// Applies one random edit by one of the diffable data source's names, with valid arguments:
  /// new items get identifiers from `step`; now and then an identifier is repeated.
  mutating func randomEdit(step: Int, using random: inout SeededRandomNumberGenerator) {
    let names = ["a", "b", "c", "d", "e", "f"]
    let missing = names.filter { indexOfSection($0) == nil }
    let present = itemIdentifiers
    let newItems = (0..<Int.random(in: 1...3, using: &random)).map { Item(step * 10 + $0) }
    func one<Element>(_ values: [Element], _ random: inout SeededRandomNumberGenerator) -> Element {
      values[Int.random(in: 0..<values.count, using: &random)]
    }
    let choice = Int.random(in: 0..<15, using: &random)
    if sections.isEmpty || (choice == 0 && !missing.isEmpty) {
      return appendSections([missing.isEmpty ? "a" : one(missing, &random)])
    }
    let section = one(sectionIdentifiers, &random)
    switch choice {
    case 0, 1:
      // A section already there now and then: the list shows it twice.
      let name =
        missing.isEmpty || Int.random(in: 0..<8, using: &random) == 0
        ? one(names, &random) : one(missing, &random)
      if Bool.random(using: &random) {
        insertSections([name], beforeSection: section)
      } else {
        insertSections([name], afterSection: section)
      }
    case 2: deleteSections([section])
    case 3:
      let anchor = one(sectionIdentifiers, &random)
      if Bool.random(using: &random) {
        moveSection(section, beforeSection: anchor)
      } else {
        moveSection(section, afterSection: anchor)
      }
    case 4, 5:
      let repeated = !present.isEmpty && Int.random(in: 0..<8, using: &random) == 0
      appendItems(
        repeated ? [one(present, &random)] : newItems,
        toSection: Bool.random(using: &random) ? section : nil)
    case 6 where !present.isEmpty:
      if Bool.random(using: &random) {
        insertItems(newItems, beforeItem: one(present, &random))
      } else {
        insertItems(newItems, afterItem: one(present, &random))
      }
    case 7 where !present.isEmpty:
      deleteItems([one(present, &random), one(present, &random)])
    case 8 where !present.isEmpty, 9 where !present.isEmpty:
      if Bool.random(using: &random) {
        moveItem(one(present, &random), beforeItem: one(present, &random))
      } else {
        moveItem(one(present, &random), afterItem: one(present, &random))
      }
    case 10 where !present.isEmpty:
      var changed = one(present, &random)
      changed.revision += Int.random(in: 0...1, using: &random)
      reconfigureItems([changed])
    case 11 where !present.isEmpty: reloadItems([one(present, &random)])
    case 12: reloadSections([section])
    case 13 where Int.random(in: 0..<4, using: &random) == 0: deleteAllItems()
    default: appendItems(newItems, toSection: section)
    }
  }
}
