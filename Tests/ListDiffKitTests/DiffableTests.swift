import ListDiffKit
import ListDiffTestSupport
import Testing

@Suite("Diffable defaults")
struct DiffableDefaultsTests {
  struct HashableOnly: Hashable, Diffable { var name: String }
  struct IdentifiableEquatable: Identifiable, Equatable, Diffable {
    var id: Int
    var name: String
  }
  struct IdentifiableHashable: Identifiable, Hashable, Diffable {
    var id: Int
    var name: String
  }

  @Test func hashableIsItsOwnIdentifier() {
    let value = HashableOnly(name: "a")
    #expect(value.diffIdentifier == value)
    #expect(value.isContentEqual(to: value))
  }

  @Test func identifiableUsesID() {
    let value = IdentifiableEquatable(id: 3, name: "a")
    #expect(value.diffIdentifier == 3)
    #expect(!value.isContentEqual(to: IdentifiableEquatable(id: 3, name: "b")))
    let diff = ListDiff(old: [value], new: [IdentifiableEquatable(id: 3, name: "b")])
    #expect(diff.updates == [0] && diff.deletes.isEmpty)
  }

  @Test func idWinsOverHashable() {
    let value = IdentifiableHashable(id: 3, name: "a")
    let identifier: Int = value.diffIdentifier
    #expect(identifier == 3)
    let diff = ListDiff(old: [value], new: [IdentifiableHashable(id: 3, name: "b")])
    #expect(diff.updates == [0] && diff.deletes.isEmpty)
  }
}
