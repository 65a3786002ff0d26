import Foundation
import ListDiffKit
import ListDiffTestSupport
import Testing

/// IGListKit's lookups by identifier on a diff result (`oldIndexForIdentifier:`,
/// `newIndexForIdentifier:`), ported: every item of each list is found, matched or not; an
/// identifier that is not there gives `nil` (IGListKit's `NSNotFound`); a repeated one gives
/// its last occurrence, as IGListKit's map keeps the last index written for a key.
@Suite struct ListDiffIdentifierLookupTests {
  static let old = [1, 2, 3, 4, 5, 6, 7]
  static let new = [2, 9, 3, 1, 5, 6, 8]

  /// IGListKit's `testWhenDiffingThatOldIndexesMatch`.
  @Test func oldIndicesMatch() {
    let diff = ListDiff(old: Self.old, new: Self.new)
    let lookup = diff.identifierLookup(old: Self.old, new: Self.new)
    let expected: [Int: Int?] = [1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: nil, 9: nil]
    for (identifier, index) in expected {
      #expect(lookup.oldIndex(forIdentifier: identifier) == index, "identifier \(identifier)")
      #expect(diff.oldIndex(forIdentifier: identifier, in: Self.old) == index)
    }
  }

  /// IGListKit's `testWhenDiffingThatNewIndexesMatch`.
  @Test func newIndicesMatch() {
    let diff = ListDiff(old: Self.old, new: Self.new)
    let lookup = diff.identifierLookup(old: Self.old, new: Self.new)
    let expected: [Int: Int?] = [1: 3, 2: 0, 3: 2, 4: nil, 5: 4, 6: 5, 7: nil, 8: 6, 9: 1]
    for (identifier, index) in expected {
      #expect(lookup.newIndex(forIdentifier: identifier) == index, "identifier \(identifier)")
      #expect(diff.newIndex(forIdentifier: identifier, in: Self.new) == index)
    }
  }

  /// Deleted and inserted items are found on their own side, as IGListKit's maps hold every
  /// item; the by-offset lookups say they have no partner.
  @Test func deletedAndInsertedItemsAreFoundOnTheirOwnSide() {
    let old = ["a", "b"]
    let new = ["c", "a"]
    let diff = ListDiff(old: old, new: new)
    let lookup = diff.identifierLookup(old: old, new: new)
    #expect(lookup.oldIndex(forIdentifier: "b") == 1)
    #expect(lookup.newIndex(forIdentifier: "b") == nil)
    #expect(diff.newIndex(for: 1) == nil)
    #expect(lookup.newIndex(forIdentifier: "c") == 0)
    #expect(lookup.oldIndex(forIdentifier: "c") == nil)
  }

  /// Repeated identifiers: the last occurrence on each side, whichever occurrence the diff
  /// paired (here the common suffix pairs the last "x"s, and in-order pairing the first).
  @Test(arguments: [ListDiff.DuplicatePolicy.pairInOrder, .replaceAll])
  func aRepeatedIdentifierGivesItsLastOccurrence(policy: ListDiff.DuplicatePolicy) {
    let old = ["x", "a", "x", "b"]
    let new = ["x", "x", "a", "x"]
    let diff = ListDiff(old: old, new: new, duplicates: policy)
    let lookup = diff.identifierLookup(old: old, new: new)
    #expect(lookup.oldIndex(forIdentifier: "x") == 2)
    #expect(lookup.newIndex(forIdentifier: "x") == 3)
    #expect(diff.oldIndex(forIdentifier: "x", in: old) == 2)
    #expect(diff.newIndex(forIdentifier: "x", in: new) == 3)
    #expect(lookup.oldIndex(forIdentifier: "a") == 1)
    #expect(lookup.newIndex(forIdentifier: "a") == 2)
  }

  /// Items whose identity is not the value itself are looked up by `diffIdentifier`.
  @Test func itemsAreFoundByTheirDiffIdentifier() {
    let old = [ListDiffTestItem(1), ListDiffTestItem(2)]
    let new = [ListDiffTestItem(2, revision: 1)]
    let diff = ListDiff(old: old, new: new)
    #expect(diff.updates == [1])
    let lookup = diff.identifierLookup(old: old, new: new)
    #expect(lookup.oldIndex(forIdentifier: 2) == 1)
    #expect(lookup.newIndex(forIdentifier: 2) == 0)
  }

  @Test func emptyListsFindNothing() {
    let diff = ListDiff(old: [Int](), new: [Int]())
    let lookup = diff.identifierLookup(old: [Int](), new: [Int]())
    #expect(lookup.oldIndex(forIdentifier: 0) == nil)
    #expect(lookup.newIndex(forIdentifier: 0) == nil)
    #expect(diff.oldIndex(forIdentifier: 0, in: [Int]()) == nil)
  }

  /// Any collection, not only arrays, offsets counted from its start.
  @Test func aSliceIsLookedUpByOffset() {
    let base = [0, 10, 11, 12]
    let old = base[1...]
    let new = [12, 10]
    let diff = ListDiff(old: old, new: new)
    #expect(diff.identifierLookup(old: old, new: new).oldIndex(forIdentifier: 12) == 2)
    #expect(diff.oldIndex(forIdentifier: 12, in: old) == 2)
  }

  @Test func listsOtherThanTheDiffsStopTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let diff = ListDiff(old: [1, 2], new: [2])
      _ = diff.identifierLookup(old: [1, 2, 3], new: [2])
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("the old list given for a lookup by identifier holds 3 items"))
  }

  @Test func aNewListOtherThanTheDiffsStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      _ = ListDiff(old: [1, 2], new: [2]).newIndex(forIdentifier: 2, in: [2, 3])
    }
  }
}

/// The sectioned diff's lookups, by section identifier and by item identifier.
@Suite struct SectionedListDiffIdentifierLookupTests {
  @Test func sectionsAndItemsAreFoundOnEachSide() {
    let old = [ListSection("A", items: [1, 2, 3]), ListSection("B", items: [9])]
    let new = [
      ListSection("C", items: [7]), ListSection("B", items: [9, 1]),
      ListSection("A", items: [3]),
    ]
    let diff = SectionedListDiff(old: old, new: new)
    let lookup = diff.identifierLookup(old: old, new: new)
    #expect(lookup.oldIndex(forSectionIdentifier: "A") == 0)
    #expect(lookup.newIndex(forSectionIdentifier: "A") == 2)
    #expect(lookup.oldIndex(forSectionIdentifier: "C") == nil)
    #expect(lookup.newIndex(forSectionIdentifier: "C") == 0)
    #expect(lookup.oldIndexPath(forItemIdentifier: 1) == [0, 0])
    #expect(lookup.newIndexPath(forItemIdentifier: 1) == [1, 1])
    #expect(lookup.oldIndexPath(forItemIdentifier: 2) == [0, 1])
    #expect(lookup.newIndexPath(forItemIdentifier: 2) == nil)
    #expect(lookup.oldIndexPath(forItemIdentifier: 7) == nil)
    #expect(lookup.newIndexPath(forItemIdentifier: 5) == nil)
  }

  /// An item in two sections gives its last occurrence, in section order.
  @Test func anItemInTwoSectionsGivesItsLastOccurrence() {
    let old = [ListSection("A", items: [1]), ListSection("B", items: [2, 1])]
    let new = [ListSection("B", items: [1]), ListSection("A", items: [1, 2])]
    let lookup = SectionedListDiff(old: old, new: new).identifierLookup(old: old, new: new)
    #expect(lookup.oldIndexPath(forItemIdentifier: 1) == [1, 1])
    #expect(lookup.newIndexPath(forItemIdentifier: 1) == [1, 0])
  }

  @Test func sectionsOtherThanTheDiffsStopTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let sections = [ListSection("A", items: [1])]
      _ = SectionedListDiff(old: sections, new: sections).identifierLookup(old: [], new: sections)
    }
  }
}
