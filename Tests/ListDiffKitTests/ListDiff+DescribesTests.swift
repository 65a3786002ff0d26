import ListDiffKit
import Testing

/// `ListDiff.describes(from:to:)`: a diff handed over with a change is trusted only for the lists
/// it was computed from.
@Suite struct ListDiffDescribesTests {
  /// A row: an identity and a revision as its content.
  struct Row: Identifiable, Equatable, Diffable {
    var id: Int
    var revision = 0
  }

  let old = [1, 2, 3, 4].map { Row(id: $0) }
  let new = [Row(id: 4), Row(id: 2, revision: 1), Row(id: 5), Row(id: 1)]

  @Test func aDiffDescribesItsOwnLists() {
    #expect(ListDiff(old: old, new: new).describes(from: old, to: new))
  }

  @Test func aDiffDoesNotDescribeOtherLists() {
    let diff = ListDiff(old: old, new: new)
    // Another count, another identity where a pair was matched, and a content change the diff
    // did not mark as an update.
    #expect(!diff.describes(from: old + [Row(id: 9)], to: new))
    var otherIdentity = new
    otherIdentity[0].id = 8
    #expect(!diff.describes(from: old, to: otherIdentity))
    var unmarkedUpdate = new
    unmarkedUpdate[3].revision = 7
    #expect(!diff.describes(from: old, to: unmarkedUpdate))
  }
}
