// snippet.hide
// README.md, "Lists", and DiffValue's "Lists and batch updates" show this file. It is UIKit
// code: Tests/AppleStandIns/typecheck.sh type-checks it against the stand-in UIKit.
#if canImport(UIKit)
  import DiffValue
  import UIKit

  struct Contact: Identifiable, Hashable, Diffable {
    var id: String
    var status: String
  }

  // snippet.show
  final class ContactsViewController: UITableViewController {
    @Diff var contacts: [Contact] = []
    lazy var updater = ListUpdater(view: tableView, items: contacts, reloadThreshold: 300)
    var subscriptions = Set<AnyCancellable>()

    override func viewDidLoad() {
      super.viewDidLoad()
      updater.bind(to: $contacts).store(in: &subscriptions)  // the data source reads updater.items
    }
  }

  final class ContactCell: UITableViewCell, ListBindable {
    func bindViewModel(_ viewModel: Any) {  // also call it from tableView(_:cellForRowAt:)
      guard let contact = viewModel as? Contact else { return }
      textLabel?.text = contact.id
      detailTextLabel?.text = contact.status
    }
  }
// snippet.hide
#endif
