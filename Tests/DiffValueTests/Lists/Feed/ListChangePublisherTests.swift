import DiffValue
import ListDiffTestSupport
import Testing

/// `listChanges` and `sectionedListChanges`, subscribed to directly rather than through an
/// updater.
@Suite struct ListChangePublisherTests {
  @Test func listChangesPublishesEachChangeWithItsLists() {
    let model = ItemsModel()
    var received: [ListChange<Item>] = []
    let changes: ListChangePublisher<ListChange<Item>> = model.$items.listChanges
    let subscription = changes.sink { received.append($0) }
    model.items = [Item(2)]
    #expect(received.map(\.new) == [[Item(2)]])
    _ = subscription
  }

  @Test func sectionedListChangesPublishesEachChangeWithItsSections() {
    final class Model {
      @Diff var sections = [Group("a", items: [Item(1), Item(2)])]
    }
    let model = Model()
    var received: [[Group]] = []
    let subscription = model.$sections.sectionedListChanges.sink { received.append($0.new) }
    model.sections = [Group("a", items: [Item(2), Item(1)])]
    #expect(received == [[Group("a", items: [Item(2), Item(1)])]])
    _ = subscription
  }
}
