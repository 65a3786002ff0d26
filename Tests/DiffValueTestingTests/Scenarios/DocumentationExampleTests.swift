// snippet.hide
// README.md, "Testing your list screens", and DiffValue's "Lists and batch updates" show the
// test below; Scripts/check-doc-snippets.py keeps them in step with this file.
// snippet.show
import DiffValue
import DiffValueTesting
import Testing

// snippet.hide
private struct Contact: Identifiable, Hashable, Diffable {
  var id: String
  var status: String
}

private let contacts = [
  Contact(id: "ann", status: "online"), Contact(id: "bob", status: "away"),
  Contact(id: "cyd", status: "online"),
]
private let newContacts = [
  Contact(id: "cyd", status: "away"), Contact(id: "ann", status: "online"),
  Contact(id: "dee", status: "online"),
]

// snippet.show
@MainActor @Test func contactsAnimate() {
  var updater: ListUpdater<Contact>!
  let view = SimulatedListView(showingItems: contacts) { updater.items }
  updater = ListUpdater(view: view, items: contacts)
  view.isBindable = { _ in true }  // every cell is a ListBindable cell
  view.completesImmediately = false  // animations run until finishAnimations()
  updater.apply(ListChange(old: contacts, new: newContacts))
  view.finishAnimations()
  #expect(view.problems.isEmpty)
  #expect(view.shownItems == newContacts)
}
