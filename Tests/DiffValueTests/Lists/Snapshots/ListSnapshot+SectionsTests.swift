import DiffValue
import ListDiffTestSupport
import Testing

/// Editing a snapshot's sections with the diffable data source's names.
@Suite struct ListSnapshotSectionsTests {
  @Test func insertingBeforeAndAfterASection() {
    var value = snapshot(["a": [1], "b": [2]])
    value.insertSections(["x", "y"], beforeSection: "a")
    value.insertSections(["z"], afterSection: "b")
    value.insertSections(["w"], afterSection: "a")
    #expect(value.layout == ["x: []", "y: []", "a: [1]", "w: []", "b: [2]", "z: []"])
  }

  @Test func deletingASectionDeletesItsItemsAndPassesOverTheMissing() {
    var value = snapshot(["a": [1], "b": [2, 3], "c": [4]])
    value.deleteSections(["b", "q"])
    #expect(value.layout == ["a: [1]", "c: [4]"])
    #expect(value.indexOfItem(Item(2)) == nil)
  }

  @Test(arguments: [
    ("a", "c", false, ["b: [2]", "a: [1]", "c: [3]"]),
    ("a", "c", true, ["b: [2]", "c: [3]", "a: [1]"]),
    ("c", "a", false, ["c: [3]", "a: [1]", "b: [2]"]),
    ("c", "a", true, ["a: [1]", "c: [3]", "b: [2]"]),
    ("b", "b", true, ["a: [1]", "b: [2]", "c: [3]"]),
  ])
  func movingASectionTakesItsItems(
    section: String, anchor: String, after: Bool, expected: [String]
  ) {
    var value = snapshot(["a": [1], "b": [2], "c": [3]])
    if after {
      value.moveSection(section, afterSection: anchor)
    } else {
      value.moveSection(section, beforeSection: anchor)
    }
    #expect(value.layout == expected)
  }

  /// A reloaded section takes the value given and keeps its items.
  @Test func reloadingASectionTakesItsNewValue() {
    var value = ListSnapshot<Header, Item>([
      ListSection(Header(name: "a", title: "A"), items: items([1, 2]))
    ])
    value.reloadSections([Header(name: "a", title: "Ay"), Header(name: "q", title: "Q")])
    #expect(value.sectionIdentifiers == [Header(name: "a", title: "Ay")])
    #expect(value.reloadedSectionIdentifiers == [Header(name: "a", title: "Ay")])
    #expect(value.itemIdentifiers == items([1, 2]))
    value.deleteSections([Header(name: "a", title: "")])
    #expect(value.reloadedSectionIdentifiers == [])
  }

  /// A repeated section is kept too; edits that name it act on the first one.
  @Test func aRepeatedSectionIsKept() {
    var value = snapshot(["a": [1]])
    value.appendSections(["b", "a"])
    value.appendItems(items([2]), toSection: "a")
    #expect(value.layout == ["a: [1, 2]", "b: []", "a: []"])
    value.deleteSections(["a"])
    #expect(value.layout == ["b: []"])
  }

  @Test func insertingAfterAMissingSectionStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var value = snapshot(["a": [1]])
      value.insertSections(["b"], afterSection: "z")
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        "ListSnapshot.insertSections(_:afterSection:): the snapshot has no section z"))
  }

  @Test func movingAMissingSectionStopsTheProgram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var value = snapshot(["a": [1]])
      value.moveSection("z", beforeSection: "a")
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains("ListSnapshot.moveSection(_:beforeSection:): the snapshot has no section z"))
  }
}
