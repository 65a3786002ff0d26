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
}
