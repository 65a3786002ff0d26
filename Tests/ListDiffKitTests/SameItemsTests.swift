import ListDiffKit
import Testing

/// `sameItems`, `sameSections` and `sharesStorage`: what the updaters ask before trusting that a
/// change starts from what the view shows.
@Suite struct SameItemsTests {
  /// A row: an identity and a content.
  struct Row: Identifiable, Equatable, Diffable {
    var id: Int
    var title: String
  }

  let rows = (0..<5).map { Row(id: $0, title: "row \($0)") }

  @Test func anArrayIsTheSameAsItselfByItsStorage() {
    let copy = rows
    #expect(sharesStorage(rows, copy))
    #expect(sameItems(rows, copy))
  }

  @Test func equalItemsInAnotherArrayAreTheSame() {
    let rebuilt = rows.map { Row(id: $0.id, title: $0.title) }
    #expect(!sharesStorage(rows, rebuilt))
    #expect(sameItems(rows, rebuilt))
  }

  @Test func anotherContentOrIdentityOrCountIsNotTheSame() {
    var retitled = rows
    retitled[3].title = "changed"
    var renumbered = rows
    renumbered[1].id = 10
    #expect(!sameItems(rows, retitled))
    #expect(!sameItems(rows, renumbered))
    #expect(!sameItems(rows, Array(rows.dropLast())))
  }

  @Test func sectionsAreTheSameWhenTheirModelsAndItemsAre() {
    let sections = [ListSection("A", items: ["a0", "a1"]), ListSection("B", items: ["b0"])]
    let rebuilt = [ListSection("A", items: ["a0", "a1"]), ListSection("B", items: ["b0"])]
    #expect(sameSections(sections, rebuilt))
    #expect(!sameSections(sections, [sections[0], ListSection("B", items: ["b1"])]))
    #expect(!sameSections(sections, [sections[1], sections[0]]))
  }
}
