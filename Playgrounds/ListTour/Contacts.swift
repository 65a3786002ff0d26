import DiffValue

/// A contact in the tour's list: identified by name, its status is its changing content.
struct Contact: Identifiable, Hashable, Diffable, CustomStringConvertible {
  var name: String
  var status = "online"
  var id: String { name }
  var description: String { status == "online" ? name : "\(name) (\(status))" }
}

/// The tour's model: a flat list and a list in sections, each a `@Diff` array.
final class ContactsModel {
  @Diff var contacts: [Contact] = [
    Contact(name: "Ann"), Contact(name: "Bob"), Contact(name: "Cid"),
  ]

  @Diff var groups: [ListSection<String, Contact>] = [
    ListSection("Team", items: [Contact(name: "Ann"), Contact(name: "Bob")]),
    ListSection("Friends", items: [Contact(name: "Cid"), Contact(name: "Dee")]),
  ]
}
