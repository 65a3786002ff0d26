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
    var subscriptions = Set<AnyCancellable>()

    // The updater is the table view's data source: it answers the counts from the list the
    // view shows (swapped inside each batch) and makes each cell with this closure.
    lazy var updater = ListUpdater(view: tableView, items: contacts) {
      tableView, indexPath, contact in
      let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
      (cell as? ContactCell)?.bindViewModel(contact)
      return cell
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(ContactCell.self, forCellReuseIdentifier: "contact")
      updater.bind(to: $contacts).store(in: &subscriptions)
    }
  }

  // A ListBindable cell is re-bound in place when its contact's content changes.
  final class ContactCell: UITableViewCell, ListBindable {
    func bindViewModel(_ viewModel: Any) {
      guard let contact = viewModel as? Contact else { return }
      textLabel?.text = "\(contact.id): \(contact.status)"
    }
  }
// snippet.hide
#endif
