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
      tableView.register(ContactCell.self, forCellReuseIdentifier: "contact")
      updater.bind(to: $contacts).store(in: &subscriptions)
    }

    // The data source reads updater.items: the list the view shows, swapped inside each batch.
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      updater.items.count
    }

    override func tableView(
      _ tableView: UITableView, cellForRowAt indexPath: IndexPath
    ) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
      (cell as? ContactCell)?.bindViewModel(updater.items[indexPath.row])
      return cell
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
