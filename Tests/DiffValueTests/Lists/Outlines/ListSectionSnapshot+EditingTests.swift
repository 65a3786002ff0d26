import DiffValue
import ListDiffTestSupport
import Testing

/// Editing an outline with the diffable data source's section snapshot names.
@Suite struct ListSectionSnapshotEditingTests {
  @Test func insertingAmongSiblings() {
    var value = outline([nil: [1, 5], 1: [2, 3]])
    value.insert(items([10]), before: Item(3))
    value.insert(items([11]), after: Item(1))  // after 1 and its children, among the roots
    value.insert(items([12]), before: Item(1))
    #expect(value.items.map(\.id) == [12, 1, 2, 10, 3, 11, 5])
    #expect(value.parent(of: Item(10)) == Item(1))
    #expect(value.parent(of: Item(11)) == nil)
  }

  /// A parent goes with its descendants; what is missing is passed over; the expansion of what
  /// is gone is forgotten.
  @Test func deletingTakesTheDescendants() {
    var value = outline([nil: [1, 5], 1: [2, 3], 2: [4]])
    value.expand(items([1, 2]))
    value.delete(items([2, 9]))
    #expect(value.items.map(\.id) == [1, 3, 5])
    value.append(items([2]), to: Item(3))
    #expect(!value.isExpanded(Item(2)))
    value.deleteAll()
    #expect(value.items == [])
    #expect(!value.isExpanded(Item(1)))
  }

  @Test func expandingWhatIsMissingIsPassedOver() {
    var value = outline([nil: [1]])
    value.expand(items([7]))
    value.append(items([7]))
    #expect(!value.isExpanded(Item(7)))
  }

  /// Outlines put into outlines bring their children and expansion along.
  @Test func outlinesInsertedAppendedAndReplacing() {
    var branch = outline([nil: [20], 20: [21]])
    branch.expand(items([20]))
    var value = outline([nil: [1, 2], 1: [3]])
    value.append(branch, to: Item(1))
    #expect(value.items.map(\.id) == [1, 3, 20, 21, 2])
    #expect(value.isExpanded(Item(20)))
    value.insert(outline([nil: [30], 30: [31]]), before: Item(2))
    value.insert(outline([nil: [40]]), after: Item(2))
    #expect(value.rootItems.map(\.id) == [1, 30, 2, 40])
    value.replace(childrenOf: Item(1), using: outline([nil: [50]]))
    #expect(value.items.map(\.id) == [1, 50, 30, 31, 2, 40])
    #expect(!value.isExpanded(Item(20)))
  }

  @Test func appendingToAMissingParentStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var value = outline([nil: [1]])
      value.append(items([2]), to: Item(9))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("ListSectionSnapshot.append(_:to:): the outline has no item 9"))
  }

  @Test func insertingAfterAMissingItemStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var value = outline([nil: [1]])
      value.insert(items([2]), after: Item(9))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("ListSectionSnapshot.insert(_:after:): the outline has no item 9"))
  }
}
