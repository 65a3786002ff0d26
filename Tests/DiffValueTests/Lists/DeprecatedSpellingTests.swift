import DiffValue
import ListDiffTestSupport
import Testing

/// The spellings renamed for issue 12 still compile, with a deprecation warning for users
/// (none here: the test itself is deprecated).
@Suite struct DeprecatedSpellingTests {
  @available(*, deprecated, message: "exercises the deprecated spellings")
  @Test func theOldSpellingsStillWork() {
    let model = ItemsModel()
    var received: [ListChange<Item>] = []
    let changes: SharedChanges<ListChange<Item>> = model.$items.listChanges()
    let subscription = changes.sink { received.append($0) }
    model.items = [Item(2)]
    #expect(received.map(\.new) == [[Item(2)]])
    _ = subscription
  }

  @available(*, deprecated, message: "exercises the deprecated spellings")
  @Test func theOldSectionedSpellingStillWorks() {
    final class Model {
      @Diff var sections = [Group("a", items: [Item(1), Item(2)])]
    }
    let model = Model()
    var received: [[Group]] = []
    let subscription = model.$sections.sectionedListChanges().sink { received.append($0.new) }
    model.sections = [Group("a", items: [Item(2), Item(1)])]
    #expect(received == [[Group("a", items: [Item(2), Item(1)])]])
    _ = subscription
  }

  @available(*, deprecated, message: "exercises the deprecated spellings")
  @Test func theOldUpdateDetectionLabelStillWorks() {
    let kept = ListDiffTestObject(1)
    let old = [kept, ListDiffTestObject(2)]
    let new = [kept, ListDiffTestObject(2)]
    #expect(ListDiff(old: old, new: new, updates: .instance).updates == [1])
    #expect(ListDiff(old: old, new: new, updates: .content).updates.isEmpty)
  }
}
