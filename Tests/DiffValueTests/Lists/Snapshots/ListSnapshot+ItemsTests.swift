import DiffValue
import ListDiffTestSupport
import Testing

/// Editing a snapshot's items with the diffable data source's names: its semantics where the
/// input is good, and the documented outcome where it is not.
@Suite struct ListSnapshotItemsTests {
  @Test func appendingGoesToTheLastSectionUnlessOneIsNamed() {
    var value = Snapshot()
    value.appendSections(["a", "b"])
    value.appendItems(items([1, 2]))
    value.appendItems(items([3]), toSection: "a")
    value.appendItems([])
    #expect(value.layout == ["a: [3]", "b: [1, 2]"])
  }

  @Test func insertingBeforeAndAfterAnItemStaysInItsSection() {
    var value = snapshot(["a": [1, 2], "b": [3]])
    value.insertItems(items([10, 11]), beforeItem: Item(1))
    value.insertItems(items([12]), afterItem: Item(2))
    value.insertItems(items([13]), beforeItem: Item(3))
    value.insertItems(items([14]), afterItem: Item(3))
    #expect(value.layout == ["a: [10, 11, 1, 2, 12]", "b: [13, 3, 14]"])
  }

  /// Deleting goes by identity; what the snapshot lacks is passed over (no exception).
  @Test func deletingRemovesEveryOccurrenceAndPassesOverTheMissing() {
    var value = snapshot(["a": [1, 2, 1], "b": [1, 3]])
    value.deleteItems([Item(1, revision: 5), Item(99)])
    #expect(value.layout == ["a: [2]", "b: [3]"])
    value.deleteItems([])
    #expect(value.layout == ["a: [2]", "b: [3]"])
  }

  /// As the diffable data source's: the sections go too.
  @Test func deletingAllItemsLeavesNoSection() {
    var value = snapshot(["a": [1, 2], "b": [3]])
    value.reloadItems([Item(1)])
    value.reloadSections(["b"])
    value.deleteAllItems()
    #expect(value.numberOfSections == 0)
    #expect(value.numberOfItems == 0)
    value.appendSections(["a"])
    value.appendItems(items([1]))
    #expect(value.reloadedItemIdentifiers == [])
    #expect(value.reloadedSectionIdentifiers == [])
  }

  /// Forward and backward within a section (the anchor found once the item is out), across
  /// sections, and onto itself.
  @Test(arguments: [
    (1, 3, false, ["a: [2, 1, 3, 4]", "b: [5]"]),
    (1, 3, true, ["a: [2, 3, 1, 4]", "b: [5]"]),
    (4, 2, false, ["a: [1, 4, 2, 3]", "b: [5]"]),
    (4, 2, true, ["a: [1, 2, 4, 3]", "b: [5]"]),
    (2, 5, false, ["a: [1, 3, 4]", "b: [2, 5]"]),
    (2, 5, true, ["a: [1, 3, 4]", "b: [5, 2]"]),
    (5, 1, false, ["a: [5, 1, 2, 3, 4]", "b: []"]),
    (3, 3, false, ["a: [1, 2, 3, 4]", "b: [5]"]),
    (3, 3, true, ["a: [1, 2, 3, 4]", "b: [5]"]),
  ])
  func movingAnItem(item: Int, anchor: Int, after: Bool, expected: [String]) {
    var value = snapshot(["a": [1, 2, 3, 4], "b": [5]])
    if after {
      value.moveItem(Item(item), afterItem: Item(anchor))
    } else {
      value.moveItem(Item(item), beforeItem: Item(anchor))
    }
    #expect(value.layout == expected)
  }

  /// A move keeps the value the snapshot holds; a reload or reconfigure takes the one given.
  @Test func aMoveKeepsTheValueARefreshTakesTheNewOne() {
    var value = Snapshot([ListSection("a", items: [Item(1, revision: 1), Item(2)])])
    value.moveItem(Item(1, revision: 9), afterItem: Item(2))
    #expect(value.itemIdentifiers == [Item(2), Item(1, revision: 1)])
    value.reconfigureItems([Item(1, revision: 2)])
    value.reloadItems([Item(2, revision: 3)])
    #expect(value.itemIdentifiers == [Item(2, revision: 3), Item(1, revision: 2)])
    #expect(value.reconfiguredItemIdentifiers == [Item(1, revision: 2)])
    #expect(value.reloadedItemIdentifiers == [Item(2, revision: 3)])
  }

  /// The diffable data source raises an exception for a reload or reconfigure of an item it
  /// lacks; here it is passed over.
  @Test func refreshingWhatIsMissingIsPassedOver() {
    var value = snapshot(["a": [1]])
    value.reconfigureItems([Item(7)])
    value.reloadItems([Item(8)])
    #expect(value.reconfiguredItemIdentifiers == [])
    #expect(value.reloadedItemIdentifiers == [])
    value.appendItems(items([7, 8]))
    #expect(value.reconfiguredItemIdentifiers == [])
    #expect(value.reloadedItemIdentifiers == [])
  }

  /// Every occurrence takes the new value; the last value given for an identifier wins.
  @Test func aRefreshReachesEveryOccurrence() {
    var value = snapshot(["a": [1, 2], "b": [1]])
    value.reconfigureItems([Item(1, revision: 1), Item(1, revision: 2)])
    #expect(value.itemIdentifiers == [Item(1, revision: 2), Item(2), Item(1, revision: 2)])
  }

  /// A deleted item loses its marks: were it added again, it would not be refreshed for them.
  @Test func deletingForgetsTheMarks() {
    var value = snapshot(["a": [1, 2], "b": [3]])
    value.reloadItems([Item(1)])
    value.reconfigureItems([Item(2), Item(3)])
    value.deleteItems([Item(1), Item(2)])
    value.deleteSections(["b"])
    value.appendItems(items([1, 2, 3]))
    #expect(value.reloadedItemIdentifiers == [])
    #expect(value.reconfiguredItemIdentifiers == [])
  }

  /// Where the diffable data source traps on a repeated identifier, the snapshot keeps it: the
  /// list shows it twice, and edits that place an item use its first occurrence.
  @Test func aRepeatedIdentifierIsKept() {
    var value = snapshot(["a": [1, 2]])
    value.appendItems(items([1, 3, 3]))
    #expect(value.layout == ["a: [1, 2, 1, 3, 3]"])
    value.insertItems(items([9]), afterItem: Item(1))
    value.moveItem(Item(3), beforeItem: Item(1))
    #expect(value.layout == ["a: [3, 1, 9, 2, 1, 3]"])
    #expect(value.indexOfItem(Item(1)) == 1)
  }

  @Test func appendingToAMissingSectionStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var value = snapshot(["a": [1]])
      value.appendItems(items([2]), toSection: "z")
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains("ListSnapshot.appendItems(_:toSection:): the snapshot has no section z"))
  }

  @Test func appendingWithNoSectionStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var value = Snapshot()
      value.appendItems(items([1]))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("the snapshot has no section to add items to"))
  }

  @Test func insertingBeforeAMissingItemStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var value = snapshot(["a": [1]])
      value.insertItems(items([2]), beforeItem: Item(9))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("ListSnapshot.insertItems(_:beforeItem:): the snapshot has no item 9"))
  }

  @Test func movingAMissingItemStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var value = snapshot(["a": [1]])
      value.moveItem(Item(9), afterItem: Item(1))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("ListSnapshot.moveItem(_:afterItem:): the snapshot has no item 9"))
  }

  @Test func movingBeforeAMissingItemStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var value = snapshot(["a": [1]])
      value.moveItem(Item(1), beforeItem: Item(8))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("ListSnapshot.moveItem(_:beforeItem:): the snapshot has no item 8"))
  }
}
