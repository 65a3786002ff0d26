// snippet.hide
// DiffValue's "Lists and batch updates" shows this file. It is AppKit code:
// Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in AppKit.
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import DiffValue

  struct Contact: Identifiable, Hashable, Diffable {
    var id: String
    var status: String
  }

  final class ContactView: NSView, ListBindable {
    var contact: Contact?
    func bindViewModel(_ viewModel: Any) { contact = viewModel as? Contact }
  }

  // snippet.show
  @MainActor
  final class ContactsTableDelegate: NSObject, NSTableViewDelegate {
    let tableView: NSTableView
    @Diff var contacts: [Contact] = []
    var subscriptions = Set<AnyCancellable>()
    var onSelect: ((Contact) -> Void)?

    lazy var updater = ListUpdater(view: tableView, items: contacts) {
      tableView, column, row, contact in
      let view =
        tableView.makeView(withIdentifier: column.identifier, owner: nil) as? ContactView
        ?? ContactView()
      view.identifier = column.identifier
      view.bindViewModel(contact)
      return view
    }

    init(tableView: NSTableView) {
      self.tableView = tableView
      super.init()
      tableView.delegate = self  // yours: the updater leaves it in place
      updater.bind(to: $contacts).store(in: &subscriptions)
    }

    // The table view asks its delegate for cell views: hand the question to the updater.
    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int)
      -> NSView?
    {
      updater.tableView(tableView, viewFor: tableColumn, row: row)
    }

    // Everything else stays yours.
    func tableViewSelectionDidChange(_ notification: Notification) {
      guard let contact = updater.item(at: IndexPath(indexes: [0, tableView.selectedRow]))
      else { return }
      onSelect?(contact)
    }
  }
// snippet.hide
#endif
