import DiffValue
import ListDiffTestSupport
import Testing

typealias Outline = ListSectionSnapshot<Item>

/// An outline of items with these identifiers: each pair is a parent (`nil` for the roots) and
/// the children appended to it, in order.
func outline(_ children: KeyValuePairs<Int?, [Int]>) -> Outline {
  var outline = Outline()
  for (parent, ids) in children { outline.append(items(ids), to: parent.map { Item($0) }) }
  return outline
}

/// Reading an outline with the diffable data source's section snapshot names.
@Suite struct ListSectionSnapshotTests {
  /// The tree the tests read, drawn below.
  ///
  ///     1 ─ 2 ─ 4
  ///       └ 3
  ///     5 ─ 6
  let tree = outline([nil: [1, 5], 1: [2, 3], 2: [4], 5: [6]])

  @Test func itemsAreParentsBeforeTheirChildren() {
    #expect(tree.items.map(\.id) == [1, 2, 4, 3, 5, 6])
    #expect(tree.rootItems.map(\.id) == [1, 5])
    #expect(tree.index(of: Item(3)) == 3)
    #expect(tree.index(of: Item(9)) == nil)
    #expect(tree.contains(Item(4)))
    #expect(!tree.contains(Item(9)))
  }

  @Test func levelsAndParents() {
    #expect([1, 2, 4, 3, 6].map { tree.level(of: Item($0)) } == [0, 1, 2, 1, 1])
    #expect(tree.parent(of: Item(4)) == Item(2))
    #expect(tree.parent(of: Item(3)) == Item(1))
    #expect(tree.parent(of: Item(1)) == nil)
    #expect(tree.parent(of: Item(9)) == nil)
  }

  /// Collapsed until expanded; a child is visible when every parent above it is expanded.
  @Test func visibleItemsFollowTheExpansion() {
    var value = tree
    #expect(value.visibleItems.map(\.id) == [1, 5])
    value.expand(items([1]))
    #expect(value.visibleItems.map(\.id) == [1, 2, 3, 5])
    value.expand(items([2, 5]))
    #expect(value.visibleItems.map(\.id) == [1, 2, 4, 3, 5, 6])
    #expect(value.isVisible(Item(4)))
    value.collapse(items([1]))
    #expect(value.visibleItems.map(\.id) == [1, 5, 6])
    #expect(!value.isVisible(Item(4)))
    #expect(value.isExpanded(Item(2)))  // kept for when 1 expands again
    value.expand(items([1]))
    #expect(value.visibleItems.map(\.id) == [1, 2, 4, 3, 5, 6])
  }

  @Test func aSnapshotOfAParent() {
    var value = tree
    value.expand(items([2]))
    let children = value.snapshot(of: Item(1))
    #expect(children.items.map(\.id) == [2, 4, 3])
    #expect(children.rootItems.map(\.id) == [2, 3])
    #expect(children.isExpanded(Item(2)))
    let withParent = value.snapshot(of: Item(1), includingParent: true)
    #expect(withParent.rootItems.map(\.id) == [1])
    #expect(withParent.level(of: Item(4)) == 2)
  }

  @Test func theVisualDescriptionDrawsTheTree() {
    var value = tree
    value.expand(items([1]))
    #expect(
      value.visualDescription() == """
        - 1
            + 2
                  4
              3
        + 5
              6
        """)
  }

  /// A repeated identifier is kept; its occurrences share their expansion, lookups find the
  /// first.
  @Test func aRepeatedItemIsKeptAndSharesItsExpansion() {
    var value = outline([nil: [1, 2], 1: [3], 2: [1]])
    value.append(items([4]), to: Item(1))
    #expect(value.items.map(\.id) == [1, 3, 4, 2, 1])
    value.expand(items([1, 2]))
    #expect(value.visibleItems.map(\.id) == [1, 3, 4, 2, 1])
    #expect(value.level(of: Item(1)) == 0)
  }

  @Test func theLevelOfAMissingItemStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = outline([nil: [1]]).level(of: Item(9))
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("ListSectionSnapshot.level(of:): the outline has no item 9"))
  }
}
