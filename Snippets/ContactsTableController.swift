// snippet.hide
// README.md, "Lists", and DiffValue's "Lists and batch updates" show this file. It is AppKit
// code: Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in AppKit.
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
  final class ContactsTableController {
    let tableView: NSTableView
    @Diff var contacts: [Contact] = []
    var subscriptions = Set<AnyCancellable>()

    // The updater is the table view's data source and makes each cell view, column by column,
    // as NSTableViewDiffableDataSource(tableView:cellProvider:) does.
    lazy var updater = ListUpdater(view: tableView, items: contacts) {
      tableView, column, row, contact in
      let view =
        tableView.makeView(withIdentifier: column.identifier, owner: nil) as? ContactView
        ?? ContactView()
      view.identifier = column.identifier  // reused by makeView from now on
      view.bindViewModel(contact)
      return view
    }

    init(tableView: NSTableView) {
      self.tableView = tableView
      updater.bind(to: $contacts).store(in: &subscriptions)
      // Drag rows to reorder them; the updater takes the drop, then tells the model.
      updater.reorderingHandlers.canReorderItem = { _ in true }
      updater.reorderingHandlers.didReorder = { [weak self] change in
        self?.contacts = change.new  // published, and nothing to animate
      }
      tableView.reorderListItemsByDragging()
    }
  }
// snippet.hide
#endif
